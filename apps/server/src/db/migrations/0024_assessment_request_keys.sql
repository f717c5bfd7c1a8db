-- One test per intent to create (docs/decisions/0076-one-test-per-create-intent.md): the form's request key is kept with
-- the test it created, so a repeated request with the same key (double click, retry) returns that test and uses no
-- second purchased test. Unique per clinician; tests made before have none.
ALTER TABLE assessments ADD COLUMN request_key uuid;

CREATE UNIQUE INDEX assessments_clinician_request_key ON assessments (clinician_id, request_key)
  WHERE request_key IS NOT NULL;
