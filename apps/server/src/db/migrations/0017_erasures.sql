-- Erasure of a patient (DESIGN.md "Erasure, access and retention"): a patient's tests are deleted, yet each was a
-- purchased test used, and "used" is counted from the tests. One row per erasure keeps how many tests the
-- clinician's erased patient had, so used = tests + erased tests and the balance does not grow back. No patient id
-- here: the row says who erased how many of whose tests, when and why, and nothing about the patient.
CREATE TABLE erasures (
  id bigserial PRIMARY KEY,
  clinician_id text NOT NULL REFERENCES users (id),
  tests integer NOT NULL CONSTRAINT erasures_tests_positive CHECK (tests > 0),
  -- 'request': an admin's erasure (a request or a withdrawn consent); 'retention': the RETENTION_YEARS sweep.
  reason text NOT NULL CHECK (reason IN ('request', 'retention')),
  erased_at timestamptz NOT NULL DEFAULT now(),
  -- The admin's user id, or 'retention' for the sweep (so no foreign key).
  erased_by text NOT NULL
);

-- The balance sums one clinician's rows.
CREATE INDEX erasures_clinician ON erasures (clinician_id);
