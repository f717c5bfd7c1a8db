-- The answer save paid for the dashboard's search. A save that answers a new item changes answered_count,
-- which three indexes hold, so it is never a HOT update; and an update that is not HOT adds the row's new version to
-- every index of the table, the trigram GIN index of 0004 included: a dozen trigram entries per save, some 2,600 per
-- full test answered, each written, logged and later vacuumed on the table the saves rewrite. Without that index
-- the same guarded UPDATE wrote about 15 % less log per save on PostgreSQL and ran 4-13 % faster (bench/README.md,
-- "The save and the search index").
--
-- A patient id never changes once a test is made, so its search key moves to a table of its own, written once per
-- test by the database itself: a statement-level trigger with a transition table, as 0012's counts (one insert per
-- INSERT statement, however many rows). The row trigger on UPDATE OF patient_id keeps the key right if an operator
-- corrects an id by hand (the product never does); no trigger fires on the answer saves (they set other columns).
CREATE TABLE assessment_patient_ids (
  assessment_id bigint PRIMARY KEY REFERENCES assessments (id) ON DELETE CASCADE,
  -- lower(patient_id): the search ignores case.
  patient_id_lower text NOT NULL
);

INSERT INTO assessment_patient_ids (assessment_id, patient_id_lower) SELECT id, lower(patient_id) FROM assessments;

-- The substring search ('%x%', three characters or more) and the exact lookup of one patient's tests alike.
CREATE INDEX assessment_patient_ids_trgm ON assessment_patient_ids USING gin (patient_id_lower gin_trgm_ops);
DROP INDEX assessments_patient_id_trgm;

CREATE FUNCTION assessment_patient_ids_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO assessment_patient_ids (assessment_id, patient_id_lower) SELECT id, lower(patient_id) FROM inserted;
  RETURN NULL;
END $$;

CREATE FUNCTION assessment_patient_ids_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessment_patient_ids SET patient_id_lower = lower(NEW.patient_id) WHERE assessment_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER assessment_patient_ids_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION assessment_patient_ids_after_insert();
CREATE TRIGGER assessment_patient_ids_change AFTER UPDATE OF patient_id ON assessments
  FOR EACH ROW WHEN (OLD.patient_id IS DISTINCT FROM NEW.patient_id)
  EXECUTE FUNCTION assessment_patient_ids_after_change();
