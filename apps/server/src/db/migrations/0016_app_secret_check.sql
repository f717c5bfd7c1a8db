-- Which APP_SECRET this database belongs to: an HMAC of a fixed text under the secret (never the secret). Patient
-- links are derived from the secret, so a database restored or started with another secret would answer every link
-- with "not found"; the server compares at start and refuses to run, saying why (db/app-secret-check.ts).
CREATE TABLE app_secret_check (
  id smallint PRIMARY KEY CHECK (id = 1),
  verifier text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
