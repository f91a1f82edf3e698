import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/** The domain of every anonymised address: `.invalid` can never receive mail (RFC 2606). */
export const ANONYMISED_EMAIL_DOMAIN = "anonimizado.invalid";

/**
 * Anonymises these contacts, for staff (one) and for the retention job (a batch): what identifies
 * the person is replaced (names, address, phone, company, what they and we wrote, where from); dates,
 * services and statuses stay for the statistics. Unsent emails to them are dropped. Run it inside a
 * transaction; it answers the ids it found.
 */
export async function anonymiseClientRows(tx: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update clients set first_name = 'Contacto', last_name = 'anonimizado ' || id,
               email = 'anonimizado-' || id || ${`@${ANONYMISED_EMAIL_DOMAIN}`}, phone = country_code || '000000000',
               company = '(anonimizado)', updated_at = now()
         where id in (${list}) returning id`,
  );
  if (rows.length === 0) return [];
  await tx.execute(sql`
    update client_messages
       set message = case when message = '' then '' else '(anonimizado)' end,
           reply = case when reply is null then null else '(anonimizado)' end,
           rejection_reason = case when rejection_reason is null then null else '(anonimizado)' end,
           source = null, ip = null, user_agent = null
     where client_id in (${list})`);
  await tx.execute(sql`
    delete from email_outbox
     where status in ('pending', 'sending') and message_id in (select id from client_messages where client_id in (${list}))`);
  await tx.execute(sql`
    update email_outbox o set to_address = 'anonimizado-' || m.client_id || ${`@${ANONYMISED_EMAIL_DOMAIN}`},
           reply_to = null, payload = null
      from client_messages m
     where m.id = o.message_id and m.client_id in (${list})`);
  return rows.map((row) => Number(row.id));
}
