-- Sharing one patient with a colleague (DESIGN.md "Patients over time"). A patient is the exact patient
-- identifier within the owning clinician's scope, so a share names the owner, the identifier and the colleague who
-- may read that patient's administrations (details, results, report, timeline, comparison, export). It grants
-- reading only: extending, creating and sharing stay with the owner (and admins). Revoking deletes the row; the
-- audit log keeps who granted and revoked what and when (`patient.share`, `patient.unshare`).
CREATE TABLE patient_shares (
  owner_id text NOT NULL REFERENCES users (id),
  patient_id text NOT NULL,
  grantee_id text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL REFERENCES users (id),
  PRIMARY KEY (owner_id, patient_id, grantee_id),
  CONSTRAINT patient_shares_not_self CHECK (owner_id <> grantee_id)
);

-- A grantee's reads look shares up by grantee, owner and patient.
CREATE INDEX patient_shares_grantee ON patient_shares (grantee_id, owner_id, patient_id);
