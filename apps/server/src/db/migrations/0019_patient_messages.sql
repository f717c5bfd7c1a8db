-- Messages about a test (DESIGN.md "Messages to patients and clinicians"). The patient's address lives apart from
-- the test, only while the patient can still use the link: it is erased (email NULL) when the test is submitted or
-- expires, and the row keeps only what the details page shows (the masked address) and the reminder choices.
CREATE TABLE message_contacts (
  assessment_id bigint PRIMARY KEY REFERENCES assessments (id) ON DELETE CASCADE,
  email text,
  -- j•••@example.org: shown on the details page and kept after the address is erased.
  email_masked text NOT NULL,
  reminders_enabled boolean NOT NULL DEFAULT true,
  -- The patient's opt-out from the link in a message: no reminder after it.
  opted_out_at timestamptz,
  -- When the first invitation was queued: the reminders count their days from it.
  invited_at timestamptz NOT NULL,
  email_erased_at timestamptz
);

-- The erasure sweep looks for addresses still stored.
CREATE INDEX message_contacts_with_email ON message_contacts (assessment_id) WHERE email IS NOT NULL;

-- One row per message: its state is what the details page and the audit log show. The text is rendered when sent,
-- from the test as it is then; nothing of the message's content is stored here.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  assessment_id bigint REFERENCES assessments (id) ON DELETE CASCADE,
  clinician_id text NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('invitation', 'reminder', 'completion')),
  recipient text NOT NULL CHECK (recipient IN ('patient', 'clinician')),
  -- A reminder's slot or a completion: a second process queueing the same one conflicts here, so it is queued once.
  dedupe_key text UNIQUE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- The SMTP server's answer to the last attempt (addresses masked).
  last_response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX messages_assessment ON messages (assessment_id, id);

-- The clinician's own setting: an e-mail when a patient submits a test (on unless turned off).
ALTER TABLE users ADD COLUMN completion_notices boolean NOT NULL DEFAULT true;
