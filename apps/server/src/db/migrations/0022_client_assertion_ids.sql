-- The FHIR read API's token endpoint (docs/decisions/0057-machine-clients-smart-backend-services.md): a machine
-- client's signed assertion may be used once. Each accepted assertion's id (jti) is kept until the assertion expires
-- (at most 5 minutes), so a second use is refused by every server process; expired rows are deleted as new ones come.
CREATE TABLE client_assertion_ids (
  client_id text NOT NULL,
  jti text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (client_id, jti)
);

CREATE INDEX client_assertion_ids_expires ON client_assertion_ids (expires_at);
