import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors.ts";
import { PgliteThread } from "./pglite-thread-client.ts";

describe("PgliteThread (the embedded database on its own thread)", () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await PgliteThread.open("memory://");
  });
  beforeEach(async () => {
    await db.exec("drop table if exists item");
    await db.exec("create table item (id int primary key, at timestamptz not null default now(), tags jsonb)");
  });
  afterAll(() => db.close());

  it("answers rows as objects or arrays, with json parsed and the types asked for kept as text", async () => {
    await db.query("insert into item (id, tags) values ($1, $2)", [1, JSON.stringify(["a"])]);
    const objects = await db.query<{ id: number; tags: string[] }>("select id, tags from item");
    expect(objects.rows).toEqual([{ id: 1, tags: ["a"] }]);
    const arrays = await db.query<unknown[]>("select id, at from item", [], {
      rowMode: "array",
      parsers: { 1184: (value) => value },
    });
    expect(arrays.rows[0]?.[0]).toBe(1);
    expect(typeof arrays.rows[0]?.[1]).toBe("string");
    const dates = await db.query<{ at: unknown }>("select at from item");
    expect(dates.rows[0]?.at).toBeInstanceOf(Date);
  });

  it("gives database errors with their SQLSTATE and constraint", async () => {
    await db.query("insert into item (id) values (1)");
    const error = await db.query("insert into item (id) values (1)").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error, "item_pkey")).toBe(true);
  });

  it("commits a transaction, and rolls it back when its work fails", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into item (id) values (1)");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into item (id) values (2)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query<{ id: number }>("select id from item order by id");
    expect(rows).toEqual([{ id: 1 }]);
  });

  it("runs a statement from outside only after the open transaction ends", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into item (id) values (1)");
      inserted();
      await held;
      await tx.query("update item set id = 2 where id = 1");
    });
    await insertedInside;
    const outside = db.query<{ ids: number[] }>("select array_agg(id) as ids from item");
    release();
    await transaction;
    // Had it run inside the transaction's window it would have seen id 1 (or nothing at all).
    expect((await outside).rows[0]?.ids).toEqual([2]);
  });

  it("refuses statements once closed, as an unavailable database", async () => {
    const closing = await PgliteThread.open("memory://");
    await closing.close();
    const error = await closing.query("select 1").catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("starts a database in memory as a copy of a snapshot, which later changes do not reach", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pglite-snapshot-"));
    const file = path.join(dir, "snapshot.tar");
    try {
      await db.query("insert into item (id) values (1)");
      await db.snapshot(file);
      await db.query("insert into item (id) values (2)");
      const copy = await PgliteThread.open("memory://", file);
      await copy.query("insert into item (id) values (3)");
      expect((await copy.query<{ id: number }>("select id from item order by id")).rows).toEqual([
        { id: 1 },
        { id: 3 },
      ]);
      await copy.close();
      expect((await db.query<{ id: number }>("select id from item order by id")).rows).toEqual([{ id: 1 }, { id: 2 }]);
      // A database on disk keeps its own data: a snapshot is only for throw-away ones.
      await expect(openDatabase({ dataDir: path.join(dir, "data"), snapshot: file })).rejects.toThrow(/memory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
