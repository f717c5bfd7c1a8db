-- The language of the messages to a clinician (DESIGN.md "Messages to patients and clinicians"): the completion
-- notice and the re-test notice, chosen under Settings. Every existing clinician had them in English.
ALTER TABLE users ADD COLUMN message_language text NOT NULL DEFAULT 'en'
  CONSTRAINT users_message_language_check CHECK (message_language IN ('en', 'de'));
