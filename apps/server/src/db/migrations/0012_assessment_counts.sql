-- Issue 14, the dashboard at 1,000,000 assessments: 'Page X of Y' needs the number of tests, and counting a
-- million index entries took longer than the whole page may (bench/README.md, million). Each clinician's number of
-- tests is kept here by the database itself, so the dashboard without a search or filter reads one row (a
-- clinician) or sums one row per clinician (an admin) instead of counting. A search or a filter still counts.
--
-- Statement-level triggers with transition tables: one upsert per INSERT statement, however many rows it inserts
-- (a bulk import of 100,000 rows is one grouped upsert, not 100,000). A test's clinician never changes in the
-- product; the row trigger on UPDATE OF clinician_id keeps the counts right if an operator moves one by hand. No
-- trigger fires on the answer saves (they set other columns), so the save path is unchanged.
CREATE TABLE assessment_counts (
  clinician_id text PRIMARY KEY REFERENCES users (id),
  n bigint NOT NULL,
  CONSTRAINT assessment_counts_not_negative CHECK (n >= 0)
);

INSERT INTO assessment_counts (clinician_id, n)
SELECT clinician_id, count(*) FROM assessments GROUP BY clinician_id;

CREATE FUNCTION assessment_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO assessment_counts (clinician_id, n)
  SELECT clinician_id, count(*) FROM inserted GROUP BY clinician_id
  ON CONFLICT (clinician_id) DO UPDATE SET n = assessment_counts.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_counts c SET n = c.n - d.n
  FROM (SELECT clinician_id, count(*) AS n FROM deleted GROUP BY clinician_id) d
  WHERE c.clinician_id = d.clinician_id;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_counts_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_counts SET n = n - 1 WHERE clinician_id = OLD.clinician_id;
  INSERT INTO assessment_counts (clinician_id, n) VALUES (NEW.clinician_id, 1)
  ON CONFLICT (clinician_id) DO UPDATE SET n = assessment_counts.n + 1;
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
CREATE TRIGGER assessment_counts_move AFTER UPDATE OF clinician_id ON assessments
  FOR EACH ROW WHEN (OLD.clinician_id IS DISTINCT FROM NEW.clinician_id)
  EXECUTE FUNCTION assessment_counts_after_move();
CREATE TRIGGER assessment_counts_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION assessment_counts_after_truncate();
