-- Custom SQL migration file, put your code below! --
-- An opportunity's activity_at, the board's order (issue 33): when it was opened, then its contact's
-- last message while it is their current one (as the contacts list is ordered). Kept here, by the database, because a
-- contact's last_message_at has several writers (the form, the mailbox, staff, the seeds).
--
-- So far: the current one carries its contact's last message; older ones the day they were opened.
UPDATE opportunities o
   SET activity_at = coalesce(CASE WHEN c.opportunity_id = o.id THEN c.last_message_at END, o.created_at)
  FROM clients c
 WHERE c.id = o.client_id;--> statement-breakpoint
-- A new contact's first opportunity starts at its first message (0032's function, with activity_at).
CREATE OR REPLACE FUNCTION opportunities_open_first() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO opportunities (client_id, title, owner_id, stage, stage_changed_at, lost_reason, lost_note, value_cents,
                             created_at, activity_at, version)
  SELECT id, coalesce(nullif(btrim(company), ''), 'Consulta web'), owner_id, stage, stage_changed_at, lost_reason,
         lost_note, won_value_cents, created_at, coalesce(last_message_at, created_at), version
    FROM new_clients ORDER BY id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The contact's row is already locked by its own update, so the order "contact, then opportunity"
-- (decision 055) holds.
CREATE FUNCTION opportunities_follow_messages() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE opportunities SET activity_at = NEW.last_message_at
   WHERE id = NEW.opportunity_id AND activity_at IS DISTINCT FROM NEW.last_message_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_follow_messages AFTER UPDATE OF last_message_at ON clients
  FOR EACH ROW
  WHEN (NEW.last_message_at IS NOT NULL AND NEW.opportunity_id IS NOT NULL
        AND NEW.last_message_at IS DISTINCT FROM OLD.last_message_at)
  EXECUTE FUNCTION opportunities_follow_messages();
