-- A language is added as files (packages/i18n/README.md "Adding a language"), so the database no longer lists the
-- languages: a language column holds a language code, and the server checks it against the languages it has read.
ALTER TABLE assessments DROP CONSTRAINT assessments_language_check;
ALTER TABLE assessments ADD CONSTRAINT assessments_language_check CHECK (language ~ '^[a-z]{2,3}$');
ALTER TABLE documents DROP CONSTRAINT documents_language_check;
ALTER TABLE documents ADD CONSTRAINT documents_language_check CHECK (language ~ '^[a-z]{2,3}$');
ALTER TABLE users DROP CONSTRAINT users_message_language_check;
ALTER TABLE users ADD CONSTRAINT users_message_language_check CHECK (message_language ~ '^[a-z]{2,3}$');
