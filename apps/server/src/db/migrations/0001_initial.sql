-- The data model of DESIGN.md "Data model". Forward-only; never edit a migration that has shipped.

CREATE TABLE users (
  id          text PRIMARY KEY,
  username    text NOT NULL,
  email       text,
  photo_url   text,
  role        text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE INDEX users_email_lower ON users (lower(email));

CREATE TABLE identities (
  user_id    text NOT NULL REFERENCES users (id),
  provider   text NOT NULL,
  subject    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identities_provider_subject ON identities (provider, subject);
CREATE INDEX identities_user ON identities (user_id);

CREATE TABLE local_credentials (
  user_id       text PRIMARY KEY REFERENCES users (id),
  username_key  text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash    text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users (id),
  view_mode     text NOT NULL CHECK (view_mode IN ('admin', 'clinician')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  id_token_hint text
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_requests (
  state_hash    text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE documents (
  id           bigserial PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('terms', 'consent')),
  version      integer NOT NULL,
  body_html    text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX documents_kind_version ON documents (kind, version);

CREATE TABLE test_credits (
  id           bigserial PRIMARY KEY,
  clinician_id text NOT NULL REFERENCES users (id),
  source       text NOT NULL CHECK (source IN ('admin', 'wix', 'demo')),
  external_ref text,
  quantity     integer NOT NULL,
  note         text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   text
);
CREATE INDEX test_credits_clinician ON test_credits (clinician_id);
CREATE UNIQUE INDEX test_credits_source_ref ON test_credits (source, external_ref);

CREATE TABLE assessments (
  id                bigserial PRIMARY KEY,
  test_code_hash    text NOT NULL UNIQUE,
  test_code         text NOT NULL,
  clinician_id      text NOT NULL REFERENCES users (id),
  patient_id        text NOT NULL,
  age               integer NOT NULL,
  gender            text NOT NULL,
  race              text NOT NULL,
  postal_code       text NOT NULL,
  country           text NOT NULL,
  dsm_codes         text[] NOT NULL,
  primary_dsm       text NOT NULL,
  terms_id          bigint REFERENCES documents (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  due_at            timestamptz NOT NULL,
  consent_id        bigint REFERENCES documents (id),
  consent_agreed_at timestamptz,
  responses         char(220) NOT NULL,
  answered_count    integer NOT NULL DEFAULT 0,
  finished_at       timestamptz,
  item_set_id       text,
  instrument_version text,
  norms_version     text,
  scores            jsonb,
  CONSTRAINT assessments_responses_shape CHECK (responses ~ '^[0-39]{220}$')
);
CREATE INDEX assessments_clinician_created ON assessments (clinician_id, created_at);

CREATE TABLE audit_events (
  id            bigserial PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  actor         text NOT NULL,
  action        text NOT NULL,
  assessment_id bigint,
  ip            text,
  details       jsonb
);
CREATE INDEX audit_events_at ON audit_events (at);
CREATE INDEX audit_events_assessment ON audit_events (assessment_id);
