-- Custom SQL migration file, put your code below! --
-- Opportunities carry the stage, owner and value; each contact keeps a copy of its current one
-- (decision 055). These triggers are the only writers of that copy, as 0010's are of
-- client_service_types.
--
-- Every contact written so far gets one opportunity with its stage, owner, dates, lost reason and
-- value, created when the contact was; titled after its company as typed, never after the person.
INSERT INTO opportunities (client_id, title, owner_id, stage, stage_changed_at, lost_reason, lost_note, value_cents, created_at, version)
SELECT id, coalesce(nullif(btrim(company), ''), 'Consulta web'), owner_id, stage, stage_changed_at, lost_reason,
       lost_note, won_value_cents, created_at, version
  FROM clients ORDER BY id;--> statement-breakpoint
UPDATE clients c SET opportunity_id = o.id FROM opportunities o WHERE o.client_id = c.id;--> statement-breakpoint
-- The copy of these contacts' current opportunity: the newest open one (not Ganado or Perdido), else
-- the newest. Rows already equal are left alone (no dead tuples, no lock waits for nothing). The
-- contact's row is locked by the update itself; writers lock it before its opportunities. One
-- statement per contact, by key: PL/pgSQL keeps a statement's plan for the session, and a plan made
-- while the tables were small would otherwise scan them whole for as long as PGlite runs (0012).
CREATE FUNCTION clients_copy_current_opportunity(client_ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  client integer;
BEGIN
  FOREACH client IN ARRAY client_ids LOOP
    UPDATE clients c
       SET opportunity_id = o.id, stage = o.stage, owner_id = o.owner_id, stage_changed_at = o.stage_changed_at,
           lost_reason = o.lost_reason, lost_note = o.lost_note, won_value_cents = o.value_cents, version = o.version
      FROM (SELECT id, stage, owner_id, stage_changed_at, lost_reason, lost_note, value_cents, version
              FROM opportunities WHERE client_id = client
             ORDER BY stage IN ('ganado', 'perdido'), id DESC LIMIT 1) o
     WHERE c.id = client
       AND (c.opportunity_id, c.stage, c.owner_id, c.stage_changed_at, c.lost_reason, c.lost_note, c.won_value_cents,
            c.version)
           IS DISTINCT FROM (o.id, o.stage, o.owner_id, o.stage_changed_at, o.lost_reason, o.lost_note, o.value_cents,
            o.version);
  END LOOP;
END
$$;--> statement-breakpoint
-- Once per statement: a bulk change of many opportunities updates their contacts in one go.
CREATE FUNCTION clients_follow_opportunities() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    affected := ARRAY(SELECT DISTINCT client_id FROM new_rows ORDER BY 1);
  ELSIF TG_OP = 'UPDATE' THEN
    affected := ARRAY(SELECT client_id FROM new_rows UNION SELECT client_id FROM old_rows ORDER BY 1);
  ELSE
    affected := ARRAY(SELECT DISTINCT client_id FROM old_rows ORDER BY 1);
  END IF;
  IF cardinality(affected) > 0 THEN
    PERFORM clients_copy_current_opportunity(affected);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clients_follow_opportunities_added AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_opportunities();--> statement-breakpoint
CREATE TRIGGER clients_follow_opportunities_changed AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_opportunities();--> statement-breakpoint
CREATE TRIGGER clients_follow_opportunities_removed AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_follow_opportunities();--> statement-breakpoint
-- A contact comes with its first opportunity, whoever inserts it (the form's batch, staff, a
-- stranger's email, the seeds), with the stage and owner the insert gave the contact. Rows an
-- upsert updated instead are not in new_clients.
CREATE FUNCTION opportunities_open_first() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO opportunities (client_id, title, owner_id, stage, stage_changed_at, lost_reason, lost_note, value_cents,
                             created_at, version)
  SELECT id, coalesce(nullif(btrim(company), ''), 'Consulta web'), owner_id, stage, stage_changed_at, lost_reason,
         lost_note, won_value_cents, created_at, version
    FROM new_clients ORDER BY id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_first_of_new_clients AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_clients FOR EACH STATEMENT EXECUTE FUNCTION opportunities_open_first();
