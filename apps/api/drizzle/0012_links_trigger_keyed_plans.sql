-- The links trigger of 0010, with every statement reaching its rows by key. PL/pgSQL plans each
-- statement once per session and keeps the plan; PGlite has no autovacuum, so nothing re-analyses
-- the tables and replaces it. Planned on a new database (empty tables), the old statements joined
-- the statement's links with a sequential scan of client_messages and locked the clients through a
-- sequential scan of clients, for as long as the server ran: a contact form batch of 50 took 46 ms
-- at 30,000 messages instead of 16, and grew with every lead. Now a link's message is found by its
-- key (a subquery per link, which no plan turns into a scan), and each client is locked by its key,
-- in id order as before, so writers and clean-ups still take their turns without deadlocking.
CREATE OR REPLACE FUNCTION client_service_types_follow_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  affected integer[];
  client integer;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    affected := ARRAY(
      SELECT DISTINCT linked.client_id
        FROM (SELECT (SELECT m.client_id FROM client_messages m WHERE m.id = o.message_id) AS client_id
                FROM old_links o OFFSET 0) linked
       WHERE linked.client_id IS NOT NULL);
    -- Empty when the links went with their messages (a client's delete cascades one message at a time).
    IF cardinality(affected) > 0 THEN
      PERFORM client_service_types_prune(affected);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The clients of the new links' messages in the main list, in id order (the order of the locks).
    affected := ARRAY(
      SELECT DISTINCT linked.client_id
        FROM (SELECT (SELECT m.client_id FROM client_messages m
                       WHERE m.id = n.message_id AND (m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL)) AS client_id
                FROM new_links n OFFSET 0) linked
       WHERE linked.client_id IS NOT NULL
       ORDER BY 1);
    IF cardinality(affected) > 0 THEN
      FOREACH client IN ARRAY affected LOOP
        PERFORM 1 FROM clients WHERE id = client FOR SHARE;
      END LOOP;
      -- In the primary key's order: the index fills left to right.
      INSERT INTO client_service_types (client_id, service_type_id)
      SELECT DISTINCT linked.client_id, linked.service_type_id
        FROM (SELECT (SELECT m.client_id FROM client_messages m
                       WHERE m.id = n.message_id AND (m.review_reasons = '{}' OR m.reviewed_at IS NOT NULL)) AS client_id,
                     n.service_type_id
                FROM new_links n OFFSET 0) linked
       WHERE linked.client_id IS NOT NULL
       ORDER BY linked.service_type_id, linked.client_id
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
