-- Rate limits and the unknown-link-code lock-out, shared by every server process on this database
-- (DESIGN.md "Architecture": stateless servers). One row per (scope, subject) and fixed window.
CREATE TABLE rate_limit_counters (
  scope text NOT NULL,
  subject text NOT NULL,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL,
  PRIMARY KEY (scope, subject)
);
CREATE INDEX rate_limit_counters_window_ends_at ON rate_limit_counters (window_ends_at);
