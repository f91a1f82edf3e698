import type { ClientDetail } from "@app/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Principal } from "../../plugins/auth-guard.ts";
import { recordAudit } from "../audit/repo.ts";
import { addNote } from "../client-messages/actions.ts";
import { messagesOfClients } from "../client-messages/message-rows.ts";
import { anonymiseClientRows } from "./anonymise.ts";

// Contacts as staff manage them: read with all messages, create, edit, delete, and the data
// subject's rights (LOPDP: access, erasure, anonymisation).

type Staff = Principal["user"];
const actorOf = (staff: Staff) => ({ id: staff.id, username: staff.username });

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
}

export type ClientFields = {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  /** The number without the country code. */
  phone: string;
  company: string;
};

type ClientRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone: string;
  company: string;
  created_at: Date | string;
  updated_at: Date | string;
};

export async function clientDetail(db: Db, id: number): Promise<ClientDetail | undefined> {
  const [row] = await queryRows<ClientRow>(
    db,
    sql`select id, first_name, last_name, email, country_code, phone, company, created_at, updated_at
          from clients where id = ${id}`,
  );
  if (!row) return undefined;
  const messages = await messagesOfClients(db, [id], sql`true`);
  return {
    client: {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      countryCode: row.country_code,
      phone: row.phone,
      company: row.company,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    },
    messages: messages.get(id) ?? [],
  };
}

async function guardEmail<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

/** Nuevo Contacto: listed at once; with a first message (a call, a visit) when given. */
export async function createClient(
  db: Db,
  fields: ClientFields,
  first: { message?: string | undefined; serviceTypeIds: number[] },
  staff: Staff,
  ip: string,
) {
  const [row] = await guardEmail(() =>
    queryRows<{ id: number }>(
      db,
      sql`insert into clients (first_name, last_name, email, country_code, phone, company, last_message_at)
          values (${fields.firstName}, ${fields.lastName}, ${fields.email}, ${fields.countryCode},
                  ${fields.countryCode + fields.phone}, ${fields.company}, now())
          returning id`,
    ),
  );
  const id = (row as { id: number }).id;
  await recordAudit(db, { action: "client_created", actor: actorOf(staff), ip, details: { clientId: id } });
  if (first.message) await addNote(db, id, { message: first.message, serviceTypeIds: first.serviceTypeIds }, staff, ip);
  const detail = await clientDetail(db, id);
  if (!detail) throw new Error(`client ${id} vanished right after its creation`);
  return detail;
}

export async function updateClient(db: Db, id: number, fields: ClientFields, staff: Staff, ip: string) {
  const rows = await guardEmail(() =>
    queryRows<{ id: number }>(
      db,
      sql`update clients set first_name = ${fields.firstName}, last_name = ${fields.lastName}, email = ${fields.email},
                 country_code = ${fields.countryCode}, phone = ${fields.countryCode + fields.phone},
                 company = ${fields.company}, updated_at = now()
           where id = ${id} returning id`,
    ),
  );
  if (rows.length === 0) return undefined;
  await recordAudit(db, { action: "client_updated", actor: actorOf(staff), ip, details: { clientId: id } });
  return clientDetail(db, id);
}

/** Erasure: the contact, their messages and their queued emails (cascade). */
export async function deleteClient(db: Db, id: number, staff: Staff, ip: string) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`delete from clients where id = ${id}
        returning (select count(*)::int from client_messages where client_id = ${id}) as n`,
  );
  if (rows.length === 0) return false;
  await recordAudit(db, {
    action: "client_deleted",
    actor: actorOf(staff),
    ip,
    details: { clientId: id, messages: rows[0]?.n ?? 0 },
  });
  return true;
}

/** Anonymisation on request (LOPDP): see anonymiseClientRows for what changes and what stays. */
export async function anonymiseClient(db: Db, id: number, staff: Staff, ip: string) {
  const done = await db.transaction(async (tx) => (await anonymiseClientRows(tx, [id])).length > 0);
  if (!done) return undefined;
  await recordAudit(db, { action: "client_anonymised", actor: actorOf(staff), ip, details: { clientId: id } });
  return clientDetail(db, id);
}

/** Access (LOPDP art. 13): everything stored about the person, as one JSON document. */
export async function exportClientData(db: Db, id: number, staff: Staff, ip: string) {
  const [client] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, first_name, last_name, email, country_code, phone, company, created_at, updated_at
          from clients where id = ${id}`,
  );
  if (!client) return undefined;
  const messages = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.message, m.created_at, m.status, m.reply, m.replied_at, m.rejection_reason, m.origin,
               m.consent_given, m.consent_at, m.privacy_notice_version, m.source, m.ip, m.user_agent,
               array(select s.title from message_service_types ms join service_types s on s.id = ms.service_type_id
                      where ms.message_id = m.id order by ms.position) as services
          from client_messages m where m.client_id = ${id} order by m.created_at`,
  );
  const emails = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.kind, o.to_address, o.subject, o.status, o.created_at, o.sent_at
          from email_outbox o join client_messages m on m.id = o.message_id
         where m.client_id = ${id} order by o.created_at`,
  );
  await recordAudit(db, { action: "client_data_exported", actor: actorOf(staff), ip, details: { clientId: id } });
  return { exportedAt: new Date().toISOString(), client, messages, emails };
}
