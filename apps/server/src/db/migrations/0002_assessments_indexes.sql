-- Indexes for the dashboard, the CSV export and the audit log. Plain btree only: PGlite has
-- no pg_trgm, and a substring search on patient_id ('%x%') cannot use a btree anyway; it runs within
-- one clinician's rows (assessments_clinician_created) or, in the admin view, over the sorted index.

-- Admin view: everyone's tests, by date created or by questions completed.
CREATE INDEX assessments_created ON assessments (created_at, id);
CREATE INDEX assessments_answered_created ON assessments (answered_count, created_at);
-- Clinician view sorted by questions completed.
CREATE INDEX assessments_clinician_answered ON assessments (clinician_id, answered_count, created_at);

-- Audit log filters (newest first).
CREATE INDEX audit_events_actor_at ON audit_events (actor, at);
CREATE INDEX audit_events_action_at ON audit_events (action, at);
