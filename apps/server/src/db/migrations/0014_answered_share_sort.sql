-- The dashboard's Questions Completed sort orders by the share of the form's items answered, not by their number:
-- ordered by the number, a brief form answered in full (25 of 25) sorted among full forms with 25 answers, and a
-- short form answered in full (100 of 100) below full forms half done. The form's length is the answers' length
-- (0010's check: 220, 100 or 25), so the share needs no table of forms. The sort's other keys are as before
-- (created_at, id), and so is the number of indexes an answer save updates.
DROP INDEX assessments_clinician_answered_id;
CREATE INDEX assessments_clinician_answered_share_id
  ON assessments (clinician_id, ((answered_count)::double precision / (length(responses))::double precision), created_at, id);
DROP INDEX assessments_answered_created_id;
CREATE INDEX assessments_answered_share_created_id
  ON assessments (((answered_count)::double precision / (length(responses))::double precision), created_at, id);
