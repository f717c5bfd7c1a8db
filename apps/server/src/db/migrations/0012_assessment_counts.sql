-- The dashboard at 1,000,000 assessments: 'Page X of Y' needs the number of tests, and counting a
-- million index entries took longer than the whole page may (bench/README.md, million). Each clinician's number of
-- tests, and of completed (submitted) tests, is kept here by the database itself, so the dashboard without a search
-- reads one row (a clinician) or sums one row per clinician (an admin) instead of counting: for all tests, for
-- Completed, and for Expired (the unfinished minus the open ones, which the partial index below counts). A search
-- still counts.
--
-- Statement-level triggers with transition tables: one upsert per INSERT statement, however many rows it inserts
-- (a bulk import of 100,000 rows is one grouped upsert, not 100,000). The row trigger on UPDATE OF finished_at fires
-- once per submission (the only statement that sets it); the one on UPDATE OF clinician_id keeps the counts right if
-- an operator moves a test by hand (the product never does). No trigger fires on the answer saves (they set other
-- columns).
CREATE TABLE assessment_counts (
  clinician_id text PRIMARY KEY REFERENCES users (id),
  n bigint NOT NULL,
  finished bigint NOT NULL,
  CONSTRAINT assessment_counts_not_negative CHECK (n >= 0 AND finished >= 0 AND finished <= n)
);

INSERT INTO assessment_counts (clinician_id, n, finished)
SELECT clinician_id, count(*), count(finished_at) FROM assessments GROUP BY clinician_id;

CREATE FUNCTION assessment_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO assessment_counts (clinician_id, n, finished)
  SELECT clinician_id, count(*), count(finished_at) FROM inserted GROUP BY clinician_id
  ON CONFLICT (clinician_id) DO UPDATE
    SET n = assessment_counts.n + excluded.n, finished = assessment_counts.finished + excluded.finished;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_counts c SET n = c.n - d.n, finished = c.finished - d.finished
  FROM (SELECT clinician_id, count(*) AS n, count(finished_at) AS finished FROM deleted GROUP BY clinician_id) d
  WHERE c.clinician_id = d.clinician_id;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_counts_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_counts SET n = n - 1, finished = finished - (OLD.finished_at IS NOT NULL)::int
  WHERE clinician_id = OLD.clinician_id;
  -- The test moves as it was; a submission in the same statement is the finish trigger's, which fires after this one.
  INSERT INTO assessment_counts (clinician_id, n, finished) VALUES (NEW.clinician_id, 1, (OLD.finished_at IS NOT NULL)::int)
  ON CONFLICT (clinician_id) DO UPDATE
    SET n = assessment_counts.n + 1, finished = assessment_counts.finished + excluded.finished;
  RETURN NULL;
END $$;

-- A submission (or, by hand, its undoing): the test's clinician gains or loses one completed test.
CREATE FUNCTION assessment_counts_after_finish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_counts SET finished = finished + CASE WHEN NEW.finished_at IS NULL THEN -1 ELSE 1 END
  WHERE clinician_id = NEW.clinician_id;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER assessment_counts_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION assessment_counts_after_insert();
CREATE TRIGGER assessment_counts_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION assessment_counts_after_delete();
-- Before the finish trigger, so a test moved and submitted in one statement is counted at its new clinician.
CREATE TRIGGER assessment_counts_a_move AFTER UPDATE OF clinician_id ON assessments
  FOR EACH ROW WHEN (OLD.clinician_id IS DISTINCT FROM NEW.clinician_id)
  EXECUTE FUNCTION assessment_counts_after_move();
CREATE TRIGGER assessment_counts_b_finish AFTER UPDATE OF finished_at ON assessments
  FOR EACH ROW WHEN ((OLD.finished_at IS NULL) <> (NEW.finished_at IS NULL))
  EXECUTE FUNCTION assessment_counts_after_finish();
CREATE TRIGGER assessment_counts_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessment_counts_after_truncate();

-- The open tests (not submitted, due date ahead) by due date, with their answer count: the dashboard's Not started
-- and In progress filters, and the open tests that Expired subtracts, are counted from this index alone. It holds
-- only unfinished tests, most of them expired; the open ones are the last weeks' and a small range of it.
CREATE INDEX assessments_unfinished_due ON assessments (due_at, answered_count) WHERE finished_at IS NULL;
