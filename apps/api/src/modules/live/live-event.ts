import { z } from "zod";
import type { Db } from "../../db/client.ts";

// What the CRM's open screens are told when something changes (docs/decisions/029): which kind of
// change, on which contact, by whom. Ids only, never a person's data: a screen that cares reloads
// through the authenticated API, which decides what the person may see.

export const LIVE_EVENT_KINDS = [
  "lead_created",
  /** A client's email arrived in the shared mailbox. */
  "message_received",
  /** A reply email's delivery changed: sent, to be retried, failed, or a bounce came back. */
  "email_status_changed",
  "message_replied",
  "message_status_changed",
  "owner_changed",
  "stage_changed",
  "task_changed",
] as const;

const id = z.number().int().positive();

export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  clientId: id.optional(),
  messageId: id.optional(),
  taskId: id.optional(),
  /** owner_changed: the new owner (null: nobody), so the UI can say "Te asignaron un contacto". */
  ownerId: id.nullable().optional(),
  /** The staff member who did it; absent for a lead from the public form. */
  actorId: id.optional(),
  at: z.iso.datetime(),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventInput = Omit<LiveEvent, "at">;

/** Where an application's events go (its event bus); one per database handle, i.e. per app. */
export type LivePublisher = { publish: (event: LiveEvent) => void };

const publishers = new WeakMap<Db, LivePublisher>();

/** Called by the live plugin: events published with this handle go to this app's bus. */
export function attachLivePublisher(db: Db, publisher: LivePublisher) {
  publishers.set(db, publisher);
  return () => {
    if (publishers.get(db) === publisher) publishers.delete(db);
  };
}

/**
 * Tells the CRM screens open on every instance that something changed. Call it once the write has
 * committed. It never waits and never throws: a live update is a courtesy, the write stands without
 * it. Without a live plugin on this handle (scripts, unit tests) it does nothing.
 */
export function publishLive(db: Db, event: LiveEventInput) {
  try {
    publishers.get(db)?.publish({ ...event, at: new Date().toISOString() });
  } catch {
    // The bus logs its own failures; the caller's request must not see one.
  }
}

const watchers = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `onChange` whenever the CRM announces a change (an event from any instance, or word that
 * some may have been missed): for figures kept between requests. Returns what stops it.
 */
export function watchChanges(db: Db, onChange: () => void) {
  const set = watchers.get(db) ?? new Set();
  watchers.set(db, set);
  set.add(onChange);
  return () => {
    set.delete(onChange);
  };
}

/** Called by the live plugin for each delivery of its bus. */
export function announceChange(db: Db) {
  for (const onChange of watchers.get(db) ?? []) {
    try {
      onChange();
    } catch {
      // A watcher's failure is its own; the others still hear of the change.
    }
  }
}
