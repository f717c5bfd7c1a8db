-- Text messages (SMS) beside e-mail, when Twilio is configured (README "E-mail", SMS): the patient's number is kept
-- like the address, only while the test is open, then only masked.
ALTER TABLE message_contacts ADD COLUMN phone text;
ALTER TABLE message_contacts ADD COLUMN phone_masked text;
ALTER TABLE messages ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
