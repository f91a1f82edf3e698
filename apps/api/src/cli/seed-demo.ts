// `npm run db:seed -- --demo`: about 200 contacts a person can look at (seed-demo-contacts.ts), and
// a sales team of four who own them, moved them along, answered them and keep tasks and notes on
// them (seed-demo-staff.ts, seed-demo-follow-up.ts, seed-demo-records.ts). The same on every run,
// relative to today; a second run adds nothing.
import { PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import { and, eq, inArray, max, min, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contactMessages, contacts, messageServiceTypes, opportunities } from "../db/schema/index.ts";
import { listServiceTypes } from "../modules/service-types/repo.ts";
import { demoContacts, randomGenerator } from "./seed-demo-contacts.ts";
import { type FollowUp, planFollowUp } from "./seed-demo-follow-up.ts";
import { type FollowUpCounts, writeFollowUp } from "./seed-demo-records.ts";
import { ensureDemoStaff } from "./seed-demo-staff.ts";

export type DemoResult = {
  clients: number;
  messages: number;
  skipped: number;
  /** Demo staff accounts made by this run (they sign in with DEMO_PASSWORD). */
  staff: number;
} & FollowUpCounts;

/** The contacts with their follow-up: the same for the same services and clock. */
export function demoData(services: { id: number; title: string }[], now: number) {
  const people = demoContacts(services, now);
  // A generator of its own: the contacts stay the ones earlier versions of the demo made.
  return { people, ...planFollowUp(people, now, randomGenerator(20261123)) };
}

/** Adds the demo contacts that are not there yet (by email), with their follow-up: a second run adds nothing. */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoResult> {
  const services = await listServiceTypes(db);
  const { people, plans, lastRuleOwner } = demoData(services, now.getTime());
  return db.transaction(async (tx) => {
    const { staff, created } = await ensureDemoStaff(tx);
    const idOf = (index: number | null) => (index === null ? null : (staff[index]?.id ?? null));
    const inserted = await tx
      .insert(contacts)
      .values(
        people.map(({ messages: _, ...person }, index) => {
          const plan = plans[index] as FollowUp;
          return {
            ...person,
            ownerId: idOf(plan.owner),
            stage: plan.stage,
            stageChangedAt: plan.stageChangedAt,
            lostReason: plan.lostReason,
            lostNote: plan.lostNote,
            wonValueCents: plan.wonValueCents,
            version: plan.changes.length,
          };
        }),
      )
      .onConflictDoNothing({ target: contacts.emailKey })
      .returning({ id: contacts.id, emailKey: contacts.emailKey });
    const idByEmail = new Map(inserted.map((row) => [row.emailKey, row.id]));
    let messages = 0;
    const links: (typeof messageServiceTypes.$inferInsert)[] = [];
    const followed: { clientId: number; plan: FollowUp }[] = [];
    for (const [index, person] of people.entries()) {
      const clientId = idByEmail.get(person.email.toLowerCase());
      const plan = plans[index] as FollowUp;
      if (clientId === undefined) continue;
      followed.push({ clientId, plan });
      // One statement per message: its id links its services (a few hundred rows, well under a second).
      for (const [position, { serviceIds, ...message }] of person.messages.entries()) {
        const handler = idOf(plan.handledBy[position] ?? null);
        const [row] = await tx
          .insert(contactMessages)
          .values({
            ...message,
            clientId,
            consentGiven: true,
            consentAt: message.createdAt,
            privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
            origin: "web",
            repliedBy: message.status === "respondido" ? handler : null,
            statusChangedBy: handler,
          })
          .returning({ id: contactMessages.id });
        const messageId = row?.id as number;
        links.push(...serviceIds.map((serviceTypeId, order) => ({ messageId, serviceTypeId, position: order + 1 })));
        messages += 1;
      }
    }
    if (messages > 0) {
      await tx.insert(messageServiceTypes).values(links);
      await updateContactTimes(tx, inArray(contactMessages.clientId, [...idByEmail.values()]));
      // Their first opportunity was opened when they first wrote, not when the demo was loaded.
      await tx
        .update(opportunities)
        .set({ createdAt: sql`${contacts.createdAt}` })
        .from(contacts)
        .where(and(eq(contacts.id, opportunities.clientId), inArray(contacts.id, [...idByEmail.values()])));
    }
    const followUp = await writeFollowUp(tx, { contacts: followed, staff, lastRuleOwner });
    return {
      clients: inserted.length,
      messages,
      skipped: people.length - inserted.length,
      staff: created,
      ...followUp,
    };
  });
}

/**
 * Each contact's newest message in the main list (review_reasons empty, or accepted), which orders
 * the CRM's list; first and last contact as created_at and updated_at. `which` selects the messages
 * (and so the contacts) to look at.
 */
export async function updateContactTimes(db: Db, which: SQL | undefined) {
  const times = db
    .select({
      clientId: contactMessages.clientId,
      lastListed:
        sql<Date | null>`max(${contactMessages.createdAt}) filter (where cardinality(${contactMessages.reviewReasons}) = 0 or ${contactMessages.reviewedAt} is not null)`.as(
          "last_listed",
        ),
      firstAt: min(contactMessages.createdAt).as("first_at"),
      lastAt: max(contactMessages.createdAt).as("last_at"),
    })
    .from(contactMessages)
    .where(which)
    .groupBy(contactMessages.clientId)
    .as("x");
  await db
    .update(contacts)
    .set({ lastMessageAt: sql`${times.lastListed}`, createdAt: sql`${times.firstAt}`, updatedAt: sql`${times.lastAt}` })
    .from(times)
    .where(eq(contacts.id, times.clientId));
}
