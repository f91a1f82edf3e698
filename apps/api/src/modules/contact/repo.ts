import type { ContactSource } from "@app/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import type { ReviewReason } from "../../db/schema.ts";
import type { OutboxEmail } from "../email/outbox.ts";

export type NewContactRequest = {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  phone: string;
  company: string;
  message: string;
  serviceTypeIds: number[];
  consentGiven: boolean;
  privacyNoticeVersion: string | null;
  reviewReasons: ReviewReason[];
  fillTimeMs: number | null;
  source: ContactSource | null;
  ip: string | null;
  userAgent: string | null;
  idempotencyKey: string | null;
  requestHash: string;
  emails: OutboxEmail[];
};

/**
 * Stores a contact request in one statement (so, atomically, and in one round trip): the client,
 * found by email whatever its case and updated with the latest details; the message; its service
 * types in the order chosen; and the emails announcing it. Returns the new message id, or undefined
 * when a message with the same idempotency key already exists.
 */
export async function insertContactRequest(db: Db, request: NewContactRequest): Promise<number | undefined> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`
    with client as (
      insert into clients (first_name, last_name, email, country_code, phone, company)
      values (${request.firstName}, ${request.lastName}, ${request.email}, ${request.countryCode}, ${request.phone}, ${request.company})
      on conflict (email_key) do update
        set first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
            country_code = excluded.country_code, phone = excluded.phone, company = excluded.company,
            updated_at = now()
      returning id
    ), message as (
      insert into client_messages (client_id, message, consent_given, consent_at, privacy_notice_version,
                                   review_reasons, fill_time_ms, source, ip, user_agent, idempotency_key, request_hash)
      select client.id, ${request.message}::text, ${request.consentGiven}::boolean,
             case when ${request.consentGiven}::boolean then now() end, ${request.privacyNoticeVersion}::text,
             array(select jsonb_array_elements_text(${JSON.stringify(request.reviewReasons)}::jsonb)),
             ${request.fillTimeMs}::int, ${request.source === null ? null : JSON.stringify(request.source)}::jsonb,
             ${request.ip}::text, ${request.userAgent}::text, ${request.idempotencyKey}::text, ${request.requestHash}::text
        from client
      on conflict (idempotency_key) do nothing
      returning id
    ), services as (
      insert into message_service_types (message_id, service_type_id, position)
      select message.id, item.value::int, item.position::smallint
        from message, jsonb_array_elements_text(${JSON.stringify(request.serviceTypeIds)}::jsonb)
             with ordinality as item(value, position)
    ), emails as (
      insert into email_outbox (kind, message_id, to_address, reply_to, subject, text_body, html_body)
      select email.kind, message.id, email.to_address, email.reply_to, email.subject, email.text_body, email.html_body
        from message, jsonb_to_recordset(${JSON.stringify(request.emails.map(toRecord))}::jsonb)
             as email(kind text, to_address text, reply_to text, subject text, text_body text, html_body text)
    )
    select id from message`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}

const toRecord = (email: OutboxEmail) => ({
  kind: email.kind,
  to_address: email.to,
  reply_to: email.replyTo ?? null,
  subject: email.subject,
  text_body: email.text,
  html_body: email.html,
});

/** The stored fingerprint of the request that used an idempotency key, if any did. */
export async function findRequestHashByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const rows = await queryRows<{ request_hash: string | null }>(
    db,
    sql`select request_hash from client_messages where idempotency_key = ${key}`,
  );
  const row = rows[0];
  return row ? (row.request_hash ?? "") : undefined;
}
