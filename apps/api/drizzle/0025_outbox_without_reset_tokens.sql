-- Reset links are now made as their email is sent (decision 039): the tokens that older versions
-- left in queued emails are removed, and those emails get a fresh link when they go out.
UPDATE "email_outbox" SET "payload" = "payload" - 'token' WHERE "kind" = 'password_reset' AND "payload" ? 'token';
