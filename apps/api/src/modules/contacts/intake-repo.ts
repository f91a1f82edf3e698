import type { ContactSource } from "@app/shared";
import { CRM_ROLES } from "@app/shared/constants";
import { eq, lt, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { contactConfirmations, contactMessages, type ReviewReason } from "../../db/schema/index.ts";
import { type OutboxEmail, queueEmailsStep } from "../email/index.ts";

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
 * Stores contact requests in one statement (so, atomically, and in one round trip however many
 * there are): each contact, found by email ({@link upsertContactsByEmail}); each message, once per
 * idempotency key ({@link insertMessagesOnce}); its service types in the order chosen; and the
 * emails announcing it (rendered when sent; the sender's confirmation at most once a day,
 * {@link claimConfirmations}). Returns, in order, each new message id, or undefined
 * where a message with the same idempotency key exists. Raw SQL: the builder cannot write one
 * statement of data-modifying CTEs over a jsonb batch, and one statement is what lets the embedded
 * database keep up (decision 011, bench/api).
 */
export async function insertContactRequests(db: Db, requests: NewContactRequest[]): Promise<(number | undefined)[]> {
  const input = requests.map((request, idx) => ({
    idx,
    first_name: request.firstName,
    last_name: request.lastName,
    email: request.email,
    country_code: request.countryCode,
    phone: request.phone,
    company: request.company,
    message: request.message,
    consent_given: request.consentGiven,
    privacy_notice_version: request.privacyNoticeVersion,
    review_reasons: request.reviewReasons,
    fill_time_ms: request.fillTimeMs,
    source: request.source,
    ip: request.ip,
    user_agent: request.userAgent,
    idempotency_key: request.idempotencyKey,
    request_hash: request.requestHash,
    service_ids: request.serviceTypeIds,
    emails: request.emails.map(toRecord),
  }));
  const rows = await queryRows<{ idx: number; id: number | string | null }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(
        idx int, first_name text, last_name text, email text, country_code text, phone text, company text,
        message text, consent_given boolean, privacy_notice_version text, review_reasons jsonb, fill_time_ms int,
        source jsonb, ip text, user_agent text, idempotency_key text, request_hash text, service_ids jsonb, emails jsonb)
    ), ids as (
      -- Ids first, so each message's service types and emails can be tied to it by position.
      select idx, nextval(pg_get_serial_sequence('client_messages', 'id')) as id from input
    ), ${ownersByRule}, ${upsertContactsByEmail}, ${insertMessagesOnce}, ${reopenClosedSales}, ${recordRuleAssignments}, services as (
      insert into message_service_types (message_id, service_type_id, position)
      select message.id, item.value::int, item.position::smallint
        from message join ids using (id) join input using (idx),
             jsonb_array_elements_text(input.service_ids) with ordinality as item(value, position)
    ), announced as (
      select input.idx, email.kind, message.id as message_id, email.to_address, email.reply_to, email.payload,
             encode(sha256(convert_to(lower(email.to_address), 'UTF8')), 'hex') as address_key
        from message join ids using (id) join input using (idx),
             jsonb_to_recordset(input.emails) as email(kind text, to_address text, reply_to text, payload jsonb)
    ), ${claimConfirmations}, ${queueEmailsStep(
      "emails",
      sql`select kind, message_id, to_address, reply_to, payload
        from announced
       where kind <> 'contact_confirmation'
          or (idx, address_key) in (select idx, address_key from confirmation join confirmed using (address_key))`,
    )}
    select ids.idx, message.id from ids left join message using (id)`,
  );
  const byIndex = new Map(rows.map((row) => [Number(row.idx), row.id === null ? undefined : Number(row.id)]));
  return requests.map((_request, idx) => byIndex.get(idx));
}

/**
 * The lead-dedupe rule for people (CTEs `person` and `client` of insertContactRequests' batch
 * `input`): one client per email address, whatever its case (the unique `email_key` = lower(email)).
 * A new address makes a contact with the details typed (the batch's first request of that address);
 * a returning sender is the same client and the form never changes their details: anyone can type
 * a known address, so what they typed stays with their message (`submitted_details`, see
 * insertMessagesOnce) for staff to take or leave (decision 040). A contact moves to the top of the
 * CRM's list only for a message of the main list (not one kept for review, not a retry of a stored
 * one). The conflict's update only sets that date: it is there so that RETURNING gives the stored
 * row, which the messages compare their details with.
 */
const upsertContactsByEmail = sql`person as (
      select lower(email) as email_key,
             bool_or(jsonb_array_length(review_reasons) = 0
                     and (idempotency_key is null
                          or not exists (select 1 from client_messages m where m.idempotency_key = input.idempotency_key)))
               as listed
        from input group by 1
    ), client as (
      insert into clients (first_name, last_name, email, country_code, phone, company, last_message_at, owner_id)
      select distinct on (lower(input.email)) first_name, last_name, email, country_code, phone, company,
             case when person.listed then now() end, assignee.owner_id
        from input join person on person.email_key = lower(input.email)
             left join assignee on assignee.email_key = person.email_key and person.listed
       order by lower(input.email), idx
      on conflict (email_key) do update
        set last_message_at = coalesce(excluded.last_message_at, clients.last_message_at)
      -- xmax is 0 on a row this statement inserted: a new client, not a returning one.
      returning id, email_key, owner_id, opportunity_id, (xmax = 0) as inserted,
                first_name, last_name, email, country_code, phone, company
    )`;

/** The roles that work the contacts (CRM_ROLES), as the SQL list the rule's picks keep to: never a content editor. */
const CONTACT_ROLES = sql.join(
  CRM_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/**
 * Who follows up each new person of the batch (CTE `assignee`), by the administrator's rule
 * (lead_assignment): nobody; round-robin over active staff, from the one after the last given a
 * lead; or the staff member set for the product the person asked about first (product_owners).
 * Only people not yet in the CRM get one: a returning contact keeps theirs. Two batches written at
 * the same instant on two instances may give the same next person a lead each; the rotation goes
 * on from there (no lock on the intake's path).
 */
const ownersByRule = sql`rule as (
      select mode, last_owner_id from lead_assignment where id = 1
    ), staff as (
      select id, (row_number() over (order by id))::int - 1 as k, (count(*) over ())::int as n
        -- Only accounts that can be told: a lead given to an account without an email waits unseen.
        from users where active and role in (${CONTACT_ROLES}) and email is not null
    ), newcomer as (
      select email_key, (row_number() over (order by first_idx))::int as r
        from (select lower(email) as email_key, min(idx) as first_idx from input group by 1) p
       -- With no rule (the default) nothing is looked up: this statement is the contact form's write.
       where (select mode from rule) <> 'none'
         and not exists (select 1 from clients existing where existing.email_key = p.email_key)
    ), assignee as (
      select newcomer.email_key, newcomer.r, case (select mode from rule)
        when 'round_robin' then (
          select s.id from staff s
           where s.k = (coalesce((select k from staff where id = (select last_owner_id from rule)), -1) + newcomer.r) % s.n)
        when 'by_product' then (
          select po.user_id from input i
            join product_owners po on po.service_type_id = (i.service_ids->>0)::int
            join users u on u.id = po.user_id and u.active and u.role in (${CONTACT_ROLES}) and u.email is not null
           where lower(i.email) = newcomer.email_key order by i.idx limit 1)
        end as owner_id
        from newcomer
    )`;

/**
 * A new client given an owner by the rule: on their timeline, the rotation moved on, and the owner
 * told by email (through the outbox, like a change made by hand).
 */
const recordRuleAssignments = sql`assigned as (
      select client.id, client.owner_id, u.display_name, u.email
        from client join users u on u.id = client.owner_id where client.inserted
    ), assignment_events as (
      insert into contact_events (client_id, kind, data)
      select id, 'owner_changed', jsonb_build_object('from', null, 'to', owner_id, 'toName', display_name, 'byRule', true)
        from assigned
    ), ${queueEmailsStep(
      "assignment_emails",
      sql`select 'owner_assigned', null::bigint, email, null::text,
             jsonb_build_object('clientId', id, 'ownerName', display_name, 'assignedBy', 'La regla de asignación de contactos nuevos')
        from assigned where email is not null`,
    )}, rotation as (
      update lead_assignment set last_owner_id = (
          select assignee.owner_id from assignee where assignee.owner_id is not null order by assignee.r desc limit 1)
       where id = 1 and mode = 'round_robin' and exists (select 1 from assigned)
    )`;

/**
 * The lead-dedupe rule for messages (CTE `message`): one message per idempotency key. A retried
 * submission with a key already stored adds nothing; the caller then answers as the first time if
 * the request is the same (findRequestHashByIdempotencyKey), and refuses it otherwise. Details typed
 * that differ from the contact as stored (a returning sender; the email compared as typed, case
 * included) are kept with the message.
 */
const insertMessagesOnce = sql`message as (
      insert into client_messages (id, client_id, message, consent_given, consent_at, privacy_notice_version,
                                   review_reasons, fill_time_ms, source, ip, user_agent, idempotency_key, request_hash,
                                   submitted_details)
      select ids.id, client.id, input.message, input.consent_given, case when input.consent_given then now() end,
             input.privacy_notice_version, array(select jsonb_array_elements_text(input.review_reasons)),
             input.fill_time_ms, input.source, input.ip, input.user_agent, input.idempotency_key, input.request_hash,
             case when (input.first_name, input.last_name, input.email, input.country_code, input.phone, input.company)
                       is distinct from
                       (client.first_name, client.last_name, client.email, client.country_code, client.phone, client.company)
                  then jsonb_build_object('firstName', input.first_name, 'lastName', input.last_name,
                                          'email', input.email, 'countryCode', input.country_code,
                                          'phone', input.phone, 'company', input.company) end
        from input join ids using (idx) join client on client.email_key = lower(input.email)
       order by input.idx
      on conflict (idempotency_key) do nothing
      returning id, client_id
    )`;

/**
 * A returning client who writes again, in the main list, after their last sale closed (`Ganado` or
 * `Perdido`) starts the next one (CTE reopened, decision 055): a new opportunity with the same
 * owner, which becomes their current one. One whose sale is still open joins it: nothing to do. A new
 * client's first opportunity comes from the trigger on clients.
 */
const reopenClosedSales = sql`reopened as (
      insert into opportunities (client_id, title, owner_id)
      select distinct client.id, coalesce(nullif(btrim(client.company), ''), 'Consulta web'), closed.owner_id
        from client join person using (email_key)
             join opportunities closed on closed.id = client.opportunity_id and closed.stage in ('ganado', 'perdido')
       where not client.inserted and person.listed
         and exists (select 1 from message where message.client_id = client.id)
    )`;

/**
 * At most one confirmation email per address a day (CTEs `confirmation` and `confirmed`, decision
 * 045): the form must not let anyone mail a stranger again and again under the supplier's name. The
 * batch's first request of each address claims it in contact_confirmations; the claim succeeds for
 * an address never confirmed or confirmed over 24 hours ago. Concurrent statements (several
 * instances, PostgreSQL's pool) meet on the primary key: the later one re-reads the row the first
 * wrote and finds it too recent, so twenty requests at once queue one confirmation. Only a message
 * this statement stored claims one (a retry adds nothing).
 */
const claimConfirmations = sql`confirmation as (
      select distinct on (address_key) idx, address_key
        from announced where kind = 'contact_confirmation'
       order by address_key, idx
    ), confirmed as (
      insert into contact_confirmations (address_key, queued_at)
      select address_key, now() from confirmation
      on conflict (address_key) do update set queued_at = excluded.queued_at
       where contact_confirmations.queued_at <= now() - interval '24 hours'
      returning address_key
    )`;

const toRecord = (email: OutboxEmail) => ({
  kind: email.kind,
  to_address: email.to,
  reply_to: email.replyTo ?? null,
  payload: email.payload ?? null,
});

/** The stored fingerprint of the request that used an idempotency key, if any did. */
export async function findRequestHashByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ requestHash: contactMessages.requestHash })
    .from(contactMessages)
    .where(eq(contactMessages.idempotencyKey, key));
  return row ? (row.requestHash ?? "") : undefined;
}

/**
 * Forgets which addresses got a confirmation before `before`: the record only serves the daily cap
 * (decision 045), and even as a digest an address is the person's data.
 */
export async function forgetConfirmationsBefore(db: Db, before: Date) {
  await db.delete(contactConfirmations).where(lt(contactConfirmations.queuedAt, before));
}
