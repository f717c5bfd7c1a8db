-- Patient link codes are derived from a per-test nonce and the server secret (lib/link-codes.ts),
-- so the database no longer stores a working code. Rows made before keep their stored code.
ALTER TABLE assessments ADD COLUMN link_nonce text;
ALTER TABLE assessments ALTER COLUMN test_code DROP NOT NULL;
