-- The dashboard at 100,000 assessments (bench/README.md).
--
-- Paging: the list first finds the page's ids from the sort's index alone, then reads those ten rows
-- (assessments.repo.ts listAssessmentsPage). For that to be an index-only scan at any depth, each sort's index
-- holds the sort columns and the id; these replace the indexes of 0001/0002 that lacked the id.
DROP INDEX assessments_clinician_created;
CREATE INDEX assessments_clinician_created_id ON assessments (clinician_id, created_at, id);
DROP INDEX assessments_clinician_answered;
CREATE INDEX assessments_clinician_answered_id ON assessments (clinician_id, answered_count, created_at, id);
DROP INDEX assessments_answered_created;
CREATE INDEX assessments_answered_created_id ON assessments (answered_count, created_at, id);

-- Search: a substring of the patient id ('%x%') cannot use a btree; a trigram index can (three characters or
-- more), for the count and the page alike. pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13)
-- and with PGlite (loaded in db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX assessments_patient_id_trgm ON assessments USING gin (lower(patient_id) gin_trgm_ops);
