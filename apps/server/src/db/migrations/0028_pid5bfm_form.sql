-- The PID5BF+M (36 items; decision 0074) is a fourth form a test can be given as. The form's check, the answers'
-- length check and the Questions Completed sort's share (0014) name its item count beside the other three.
ALTER TABLE assessments DROP CONSTRAINT assessments_form_check;
ALTER TABLE assessments ADD CONSTRAINT assessments_form_check CHECK (form IN ('FULL', 'SF', 'BF', 'BFM'));

ALTER TABLE assessments DROP CONSTRAINT assessments_responses_shape;
ALTER TABLE assessments ADD CONSTRAINT assessments_responses_shape CHECK (
  responses ~ '^[0-39]*$'
  AND length(responses) = CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 WHEN 'BFM' THEN 36 END
);

DROP INDEX assessments_clinician_answered_share_id;
CREATE INDEX assessments_clinician_answered_share_id ON assessments (
  clinician_id,
  ((answered_count)::double precision / (CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 WHEN 'BFM' THEN 36 END)::double precision),
  created_at,
  id
) INCLUDE (answered_count, form);
DROP INDEX assessments_answered_share_created_id;
CREATE INDEX assessments_answered_share_created_id ON assessments (
  ((answered_count)::double precision / (CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 WHEN 'BFM' THEN 36 END)::double precision),
  created_at,
  id
) INCLUDE (answered_count, form);
