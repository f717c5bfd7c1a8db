-- Every change of an answer (DESIGN.md "Data model"): the item, the answer before ('9': none) and after,
-- when, and who: a signed-in user's id, or 'patient' for whoever holds the link; link_session names the browser (a
-- random id the patient API keeps in an HttpOnly cookie). Written by the answer save's own statement
-- (modules/patient/patient.repo.ts), only when the value changes; never updated or deleted. No foreign key to
-- assessments (as audit_events): the id comes from the row the same statement has locked, tests are never deleted,
-- and the key's check was a third of the history's cost per save on PGlite.
CREATE TABLE answer_changes (
  id bigserial PRIMARY KEY,
  assessment_id bigint NOT NULL,
  item smallint NOT NULL CHECK (item BETWEEN 1 AND 220),
  old_value char(1) NOT NULL CHECK (old_value IN ('0', '1', '2', '3', '9')),
  new_value char(1) NOT NULL CHECK (new_value IN ('0', '1', '2', '3')),
  changed_at timestamptz NOT NULL,
  actor text NOT NULL,
  link_session text
);

CREATE INDEX answer_changes_assessment ON answer_changes (assessment_id, id);
