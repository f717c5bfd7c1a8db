-- When the patient gave each answer, for the response-time check (DESIGN.md "Validity verdict"). The browser sends how
-- long ago the answer was given and the server stores its own time minus that age, so the time follows the server's
-- clock and an answer queued while offline keeps the time it was given. Null for changes saved without it (before
-- this column, or by a client that does not send it): those tests get no response-time line.
ALTER TABLE answer_changes ADD COLUMN answered_at timestamptz;
