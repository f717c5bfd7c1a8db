-- The institute provider's member tokens (Wix Headless) stay on the server, with the session.
-- Sealed (AES-256-GCM) under a key derived from the session cookie token, of which only a hash is
-- stored, so a copy of the database alone cannot act as the member at the provider.
ALTER TABLE sessions ADD COLUMN provider_tokens text;
