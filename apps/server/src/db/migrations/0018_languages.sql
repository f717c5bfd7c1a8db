-- Languages (DESIGN.md "Languages"): every test is given in one language, and the terms and consent are published
-- per language. Every existing test was given in English and every existing document is English, so both take 'en'.
-- A constant default: PostgreSQL adds the column without rewriting the table; the checks read each row once.
ALTER TABLE assessments ADD COLUMN language text NOT NULL DEFAULT 'en'
  CONSTRAINT assessments_language_check CHECK (language IN ('en', 'de'));

-- Each kind is versioned per language: the newest consent in German is the German consent shown. The accepted
-- document's id (assessments.consent_id, terms_id) names its language as well.
ALTER TABLE documents ADD COLUMN language text NOT NULL DEFAULT 'en'
  CONSTRAINT documents_language_check CHECK (language IN ('en', 'de'));
DROP INDEX documents_kind_version;
CREATE UNIQUE INDEX documents_kind_language_version ON documents (kind, language, version);
