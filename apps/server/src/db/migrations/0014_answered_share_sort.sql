-- The dashboard's Questions Completed sort orders by the share of the form's items answered, not by their number:
-- ordered by the number, a brief form answered in full (25 of 25) sorted among full forms with 25 answers, and a
-- short form answered in full (100 of 100) below full forms half done. The denominator is the form's item count, as
-- in 0010's check on the answers' length. The sort's other keys are as before (created_at, id). The indexes also
-- hold answered_count and form (INCLUDE): PostgreSQL scans an expression index without reading the table only when
-- the columns the expression reads are in it, and paging deep into a million tests must not read the table.
DROP INDEX assessments_clinician_answered_id;
CREATE INDEX assessments_clinician_answered_share_id ON assessments (
  clinician_id,
  ((answered_count)::double precision / (CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 END)::double precision),
  created_at,
  id
) INCLUDE (answered_count, form);
DROP INDEX assessments_answered_created_id;
CREATE INDEX assessments_answered_share_created_id ON assessments (
  ((answered_count)::double precision / (CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 END)::double precision),
  created_at,
  id
) INCLUDE (answered_count, form);
