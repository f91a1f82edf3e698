import { spawnSync } from "node:child_process";
import os from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/database.ts";
import { leases } from "../db/schema/index.ts";
import { holdLease, leaseHolder, releaseLease } from "./lease.ts";
import { isDeadHolderHere, newHolder } from "./lease-holder.ts";

/** The pid of a process that ran and is gone. */
function deadPid() {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("isDeadHolderHere", () => {
  const host = os.hostname();

  it("knows this host's process that is gone, and an earlier life of this very pid", () => {
    expect(isDeadHolderHere(`${host}:${deadPid()}:abcd1234`)).toBe(true);
    expect(isDeadHolderHere(`${host}:${process.pid}:abcd1234`)).toBe(true);
  });

  it("leaves alone the holders of this process, running processes and other hosts", () => {
    expect(isDeadHolderHere(newHolder())).toBe(false);
    expect(isDeadHolderHere(`${host}:${process.ppid}:abcd1234`)).toBe(false);
    expect(isDeadHolderHere(`otra-maquina:${deadPid()}:abcd1234`)).toBe(false);
    expect(isDeadHolderHere("sin-forma")).toBe(false);
    expect(isDeadHolderHere(`${host}:cero:abcd1234`)).toBe(false);
  });
});

describe.each(engines)("the mailbox lease on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());
  beforeEach(() => t.database.db.delete(leases));
  const db = () => t.database.db;

  it("is one holder's until it runs out or is released", async () => {
    expect(await holdLease(db(), "imap:INBOX", "a", 60)).toBe(true);
    expect(await holdLease(db(), "imap:INBOX", "b", 60)).toBe(false);
    expect(await leaseHolder(db(), "imap:INBOX")).toBe("a");
    // Renewed by its holder.
    expect(await holdLease(db(), "imap:INBOX", "a", 60)).toBe(true);
    await db().update(leases).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await holdLease(db(), "imap:INBOX", "b", 60)).toBe(true);
    await releaseLease(db(), "imap:INBOX", "a");
    expect(await leaseHolder(db(), "imap:INBOX")).toBe("b");
    await releaseLease(db(), "imap:INBOX", "b");
    expect(await leaseHolder(db(), "imap:INBOX")).toBeUndefined();
  });

  it("is taken over from a holder named dead, and only from that one", async () => {
    expect(await holdLease(db(), "imap:INBOX", "muerto", 60)).toBe(true);
    expect(await holdLease(db(), "imap:INBOX", "nuevo", 60, "otro")).toBe(false);
    expect(await holdLease(db(), "imap:INBOX", "nuevo", 60, "muerto")).toBe(true);
    expect(await leaseHolder(db(), "imap:INBOX")).toBe("nuevo");
  });
});
