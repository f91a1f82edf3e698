import { LIVE_EVENT_KINDS, type LiveEvent } from "@app/shared/constants";
import { z } from "zod";
import type { Db } from "../../db/client.ts";

// The live events' schema on the server (the kinds and their shape are packages/shared's).

const id = z.number().int().positive();

export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  clientId: id.optional(),
  messageId: id.optional(),
  taskId: id.optional(),
  quoteId: id.optional(),
  orderId: id.optional(),
  ownerId: id.nullable().optional(),
  actorId: id.optional(),
  at: z.iso.datetime(),
}) satisfies z.ZodType<LiveEvent>;

export type { LiveEvent };
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
