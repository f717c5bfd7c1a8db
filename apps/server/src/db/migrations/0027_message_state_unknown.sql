-- A message found mid-send after the process stopped may have been delivered: it is settled as `unknown`, not
-- `failed`, so the clinician is not invited to send a duplicate.
ALTER TABLE messages DROP CONSTRAINT messages_state_check;
ALTER TABLE messages ADD CONSTRAINT messages_state_check
  CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'unknown', 'bounced', 'cancelled'));
