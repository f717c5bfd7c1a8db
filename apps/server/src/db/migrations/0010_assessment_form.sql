-- The PID-5 family (DESIGN.md "Data model" and "Scoring (packages/instrument)"): a test is given as the full form (220 items), the short form
-- (PID-5-SF, 100 items) or the brief form (PID-5-BF, 25 items). Every existing test was a full form and stays one.
-- The response string has the form's length, in the form's own numbering, so it becomes text (char(220) would pad a
-- 25-character string with spaces), and its shape check names the form's length.
ALTER TABLE assessments ADD COLUMN form text NOT NULL DEFAULT 'FULL' CHECK (form IN ('FULL', 'SF', 'BF'));

ALTER TABLE assessments DROP CONSTRAINT assessments_responses_shape;
ALTER TABLE assessments ALTER COLUMN responses TYPE text;
ALTER TABLE assessments ADD CONSTRAINT assessments_responses_shape CHECK (
  responses ~ '^[0-39]*$'
  AND length(responses) = CASE form WHEN 'FULL' THEN 220 WHEN 'SF' THEN 100 WHEN 'BF' THEN 25 END
);
