-- Scheduled re-tests (DESIGN.md "Messages to patients and clinicians", re-tests): from a completed test, a new test
-- of the same patient every N weeks, K times. Each run creates the test (one purchased test) and invites the patient.
CREATE TABLE retest_series (
  id bigserial PRIMARY KEY,
  -- The completed test the series started from: its patient, demographics, diagnoses and form are copied.
  source_assessment_id bigint NOT NULL REFERENCES assessments (id) ON DELETE CASCADE,
  clinician_id text NOT NULL REFERENCES users (id),
  every_weeks integer NOT NULL CONSTRAINT retest_series_every_weeks CHECK (every_weeks BETWEEN 1 AND 52),
  times integer NOT NULL CONSTRAINT retest_series_times CHECK (times BETWEEN 1 AND 12),
  runs_done integer NOT NULL DEFAULT 0,
  next_run_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'ended')),
  -- Why the last due run could not create its test (no purchased test left); cleared by the next run that does.
  problem text,
  -- The patient's address for the runs' invitations, kept while the series runs and erased when it ends.
  email text,
  email_masked text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The scan's due runs.
CREATE INDEX retest_series_due ON retest_series (next_run_at) WHERE state = 'active';
CREATE INDEX retest_series_source ON retest_series (source_assessment_id);

-- Each run's test: (series, run) is unique, so a run creates one test however often it is attempted.
CREATE TABLE retest_runs (
  series_id bigint NOT NULL REFERENCES retest_series (id) ON DELETE CASCADE,
  run integer NOT NULL,
  assessment_id bigint NOT NULL REFERENCES assessments (id) ON DELETE CASCADE,
  PRIMARY KEY (series_id, run)
);

-- The clinician's notice that a run found no purchased test left.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('invitation', 'reminder', 'completion', 'retest-no-credit'));
