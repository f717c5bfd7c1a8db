-- A patient's message goes to the address it was queued, counted and audited for, not to whatever the test's contact
-- holds when it is sent (DESIGN.md "Messages to patients and clinicians"). `address` is erased with the contact
-- (submitted, expired, erasure); `address_masked` stays, for the messages table's recipient column. Messages queued
-- before have neither and are sent to the contact as before.
ALTER TABLE messages ADD COLUMN address text;
ALTER TABLE messages ADD COLUMN address_masked text;

-- The Message-ID's left part: random per message, the same on every attempt, never repeated by another installation
-- or a restored backup (a counter restarts; some providers drop a Message-ID they have seen).
ALTER TABLE messages ADD COLUMN mail_id uuid NOT NULL DEFAULT gen_random_uuid();
