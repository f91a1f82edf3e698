import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../src/db/client.ts";

export type LeadOptions = {
  email: string;
  /** When the person wrote (their contact row and message); defaults to now. */
  at?: Date;
  message?: string;
  reply?: string;
};

/**
 * A lead as the contact form leaves it, written with plain SQL so dates can lie in the past: the
 * contact, one message about one service, its network facts and a sent confirmation email.
 */
export async function insertLead(
  db: Db,
  { email, at = new Date(), message = "Necesito una cotización.", reply }: LeadOptions,
) {
  const when = at.toISOString();
  const [contact] = await queryRows<{ id: number }>(
    db,
    sql`insert into clients (first_name, last_name, email, country_code, phone, company, created_at, updated_at, last_message_at)
        values ('Lucía', 'Guamán', ${email}, '+593', '+593991234567', 'Flores del Cotopaxi', ${when}, ${when}, ${when})
        returning id`,
  );
  const clientId = (contact as { id: number }).id;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into client_messages (client_id, message, reply, replied_at, status, consent_given, consent_at, ip, user_agent, source, created_at)
        values (${clientId}, ${message}, ${reply ?? null}, ${reply ? when : null}, ${reply ? "respondido" : "pendiente"},
                true, ${when}, '203.0.113.9', 'Mozilla/5.0', ${JSON.stringify({ page: "/contacto" })}::jsonb, ${when})
        returning id`,
  );
  const messageId = (row as { id: number }).id;
  await db.execute(
    sql`insert into message_service_types (message_id, service_type_id, position)
        select ${messageId}, id, 0 from service_types order by id limit 1`,
  );
  await db.execute(
    sql`insert into email_outbox (kind, message_id, to_address, status, sent_at, created_at)
        values ('contact_confirmation', ${messageId}, ${email}, 'sent', ${when}, ${when})`,
  );
  return { clientId, messageId };
}

/** Everything a lead is made of, in a stable order: two databases holding the same leads compare equal. */
export async function leadSnapshot(db: Db) {
  const contacts = await queryRows(
    db,
    sql`select id, first_name, last_name, email, phone, company, created_at from clients order by id`,
  );
  const messages = await queryRows(
    db,
    sql`select id, client_id, message, reply, status, ip, user_agent, source, created_at from client_messages order by id`,
  );
  const services = await queryRows(
    db,
    sql`select message_id, service_type_id from message_service_types order by message_id, service_type_id`,
  );
  const emails = await queryRows(db, sql`select id, message_id, to_address, status from email_outbox order by id`);
  return { clients: contacts, messages, services, emails };
}
