CREATE TABLE "client_service_types" (
	"client_id" integer NOT NULL,
	"service_type_id" integer NOT NULL,
	CONSTRAINT "client_service_types_service_type_id_client_id_pk" PRIMARY KEY("service_type_id","client_id")
);
--> statement-breakpoint
-- client_service_types is derived from client_messages and message_service_types, so the database
-- keeps it on every write (the intake's one statement, edits, deletes, review, anonymisation,
-- retention, plain SQL) instead of each path remembering it. "Main list" is the VISIBLE predicate
-- of apps/api/src/modules/contacts/tables.ts, written out here: change both together.
--
-- Concurrent writers of one client take turns on the client's row of `clients`, locked before its
-- services: a clean-up (prune) locks it FOR NO KEY UPDATE, a writer that adds rows FOR SHARE
-- (writers do not wait for each other, only for a clean-up, and a clean-up for both). Without the
-- turns, a clean-up could miss a message written meanwhile and delete the row that message needs.
-- The client's row first is also the order of the paths that update it around a change (the
-- intake's upsert, a note, a deleted message's listing), so they do not deadlock; the contact
-- form's statement has upserted its clients already, so nothing here makes it wait.
--
-- Removes the rows of these clients that no message of the main list supports any more. The delete
-- reads with a fresh snapshot (each statement of a volatile function does), taken once the lock is
-- held: it sees what the writers it waited for committed.
CREATE FUNCTION client_service_types_prune(client_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  SELECT 1 FROM clients WHERE id = ANY (client_ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM client_service_types cs
   WHERE cs.client_id = ANY (client_ids)
     AND NOT EXISTS (
       SELECT 1 FROM client_messages m JOIN message_service_types ms ON ms.message_id = m.id
        WHERE m.client_id = cs.client_id AND ms.service_type_id = cs.service_type_id
          AND (m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL));
$$;--> statement-breakpoint
-- Links added, changed or removed, once per statement (the intake writes a batch in one): removed
-- ones prune their clients; new links of messages in the main list add their pairs. A link removed
-- with its message finds no message here; the message's own trigger prunes then.
CREATE FUNCTION client_service_types_follow_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    affected := ARRAY(SELECT DISTINCT m.client_id FROM old_links o JOIN client_messages m ON m.id = o.message_id);
    -- Empty when the links went with their messages (a client's delete cascades one message at a time).
    IF cardinality(affected) > 0 THEN
      PERFORM client_service_types_prune(affected);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    affected := ARRAY(
      SELECT DISTINCT m.client_id FROM new_links n JOIN client_messages m ON m.id = n.message_id
       WHERE m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL);
    IF cardinality(affected) > 0 THEN
      PERFORM 1 FROM clients WHERE id = ANY (affected) ORDER BY id FOR SHARE;
      -- In the primary key's order: the index fills left to right.
      INSERT INTO client_service_types (client_id, service_type_id)
      SELECT DISTINCT m.client_id, n.service_type_id
        FROM new_links n JOIN client_messages m ON m.id = n.message_id
       WHERE m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL
       ORDER BY n.service_type_id, m.client_id
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_service_types_links_added AFTER INSERT ON message_service_types
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION client_service_types_follow_links();--> statement-breakpoint
CREATE TRIGGER client_service_types_links_changed AFTER UPDATE ON message_service_types
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION client_service_types_follow_links();--> statement-breakpoint
CREATE TRIGGER client_service_types_links_removed AFTER DELETE ON message_service_types
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION client_service_types_follow_links();--> statement-breakpoint
-- Every link gone (TRUNCATE fires no delete trigger): no client asked about anything. DELETE, since
-- a TRUNCATE ... CASCADE of the clients is emptying this table in the same statement.
CREATE FUNCTION client_service_types_clear() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM client_service_types;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_service_types_links_truncated AFTER TRUNCATE ON message_service_types
  FOR EACH STATEMENT EXECUTE FUNCTION client_service_types_clear();--> statement-breakpoint
-- Messages deleted (one, or a client's with the client): their clients are pruned once per statement.
CREATE FUNCTION client_service_types_follow_deleted_messages() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  affected integer[] := ARRAY(SELECT DISTINCT o.client_id FROM old_messages o);
BEGIN
  IF cardinality(affected) > 0 THEN
    PERFORM client_service_types_prune(affected);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_service_types_messages_removed AFTER DELETE ON client_messages
  REFERENCING OLD TABLE AS old_messages FOR EACH STATEMENT
  EXECUTE FUNCTION client_service_types_follow_deleted_messages();--> statement-breakpoint
-- A message that enters the main list (accepted from review) adds its services to its client; one
-- that leaves it, or moves to another client, prunes the client it leaves. Per row, and only when
-- the client or the list changes: replies, status changes and anonymisation never call it. Both
-- clients are locked at once, in the clean-up's mode: taking SHARE first and then more could
-- deadlock two such updates of one client.
CREATE FUNCTION client_service_types_follow_message() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM 1 FROM clients WHERE id IN (OLD.client_id, NEW.client_id) ORDER BY id FOR NO KEY UPDATE;
  IF NEW.review_reasons = '{}' OR NEW.reviewed_at IS NOT NULL THEN
    INSERT INTO client_service_types (client_id, service_type_id)
    SELECT NEW.client_id, ms.service_type_id FROM message_service_types ms WHERE ms.message_id = NEW.id
     ORDER BY ms.service_type_id
    ON CONFLICT DO NOTHING;
  END IF;
  PERFORM client_service_types_prune(ARRAY[OLD.client_id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_service_types_message_moved AFTER UPDATE OF client_id, review_reasons, reviewed_at ON client_messages
  FOR EACH ROW
  WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id
        OR (OLD.review_reasons = '{}' OR OLD.reviewed_at IS NOT NULL)
           IS DISTINCT FROM (NEW.review_reasons = '{}' OR NEW.reviewed_at IS NOT NULL))
  EXECUTE FUNCTION client_service_types_follow_message();--> statement-breakpoint
-- Existing data, once the triggers are there: creating them locked out writers until this migration
-- commits, so nothing written meanwhile is missed. As pg_restore does, rows first, then the foreign
-- keys (checked in one pass) and the second index: 6 s instead of 20 at 1M messages.
INSERT INTO client_service_types (client_id, service_type_id)
SELECT DISTINCT m.client_id, ms.service_type_id
  FROM client_messages m JOIN message_service_types ms ON ms.message_id = m.id
 WHERE m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL
 ORDER BY ms.service_type_id, m.client_id;--> statement-breakpoint
ALTER TABLE "client_service_types" ADD CONSTRAINT "client_service_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_service_types" ADD CONSTRAINT "client_service_types_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_service_types_client_idx" ON "client_service_types" USING btree ("client_id");
--> statement-breakpoint
-- Statistics at once: the product filter's plans depend on them (without them the board by product
-- took 250 ms instead of 50 at 1M messages), and PGlite has no autovacuum to gather them.
ANALYZE client_service_types;
