import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.ts";
import { applyDataMigrations } from "../../src/db/data-migrations.ts";
import { MIGRATIONS_FOLDER } from "../../src/db/setup.ts";
import { createEmptyTestDatabase, engines, type TestDatabase } from "../database.ts";

// Migrations 0031-0032 (decision 055) move each contact's stage, owner and value to an opportunity.
// Tried on a copy of a database that held the demo data (`npm run db:seed -- --demo`) at migration
// 0030: every contact must come out with one opportunity holding what the contact held, and its
// copy on the contact unchanged.

type Journal = { entries: { idx: number; tag: string }[] } & Record<string, unknown>;

/** The migrations folder as it was when `last` was the newest migration. */
function migrationsUpTo(last: number) {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= last);
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** The demo data at 0030, table by table in an order its foreign keys accept. */
const fixture = JSON.parse(
  gunzipSync(readFileSync(new URL("../fixtures/demo-at-0030.json.gz", import.meta.url))).toString("utf8"),
) as { migration: string; tables: Record<string, Record<string, unknown>[]> };

type ContactPipeline = {
  id: number;
  stage: string;
  ownerId: number | null;
  stageChangedAt: string | null;
  lostReason: string | null;
  lostNote: string | null;
  valueCents: string | null;
  version: number;
};

const contactPipelines = (test: TestDatabase) =>
  queryRows<ContactPipeline>(
    test.database.db,
    sql`select id, stage, owner_id as "ownerId", stage_changed_at::text as "stageChangedAt", lost_reason as "lostReason",
      lost_note as "lostNote", won_value_cents::text as "valueCents", version from clients order by id`,
  );

describe.each(engines)("opportunities from the contacts of a demo database on %s", (engine) => {
  let test: TestDatabase;
  let before: ContactPipeline[];
  let folder: string;

  beforeAll(async () => {
    test = await createEmptyTestDatabase(engine);
    const { db } = test.database;
    folder = migrationsUpTo(30);
    await test.database.migrate(folder);
    for (const [table, rows] of Object.entries(fixture.tables)) {
      // Migrations write some reference rows themselves (the service types, the lead rule's row):
      // the same ones.
      const stored = await queryRows<{ name: string }>(
        db,
        sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'`,
      );
      const columns = sql.join(
        stored.map(({ name }) => sql.identifier(name)),
        sql`, `,
      );
      await db.execute(
        sql`insert into ${sql.identifier(table)} (${columns}) select ${columns}
          from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json) on conflict do nothing`,
      );
      if (rows[0] && "id" in rows[0]) {
        await db.execute(
          sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
        );
      }
    }
    before = await contactPipelines(test);
    await test.database.migrate(MIGRATIONS_FOLDER);
    await applyDataMigrations(db);
  }, 60_000);

  afterAll(async () => {
    await test?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("starts from the demo data: 200 contacts, every stage among them", () => {
    expect(before).toHaveLength(200);
    expect(new Set(before.map((row) => row.stage))).toEqual(
      new Set(["nuevo", "contactado", "cotizacion", "negociacion", "ganado", "perdido"]),
    );
    expect(before.filter((row) => row.valueCents !== null).length).toBeGreaterThan(0);
    expect(before.filter((row) => row.lostNote !== null).length).toBeGreaterThan(0);
  });

  it("gives every contact one opportunity holding its stage, owner, dates, lost reason and value", async () => {
    const opportunities = await queryRows<ContactPipeline & { clientId: number; title: string; current: boolean }>(
      test.database.db,
      sql`select o.client_id as "clientId", o.client_id as id, o.stage, o.owner_id as "ownerId",
          o.stage_changed_at::text as "stageChangedAt", o.lost_reason as "lostReason", o.lost_note as "lostNote",
          o.value_cents::text as "valueCents", o.version, o.title, c.opportunity_id = o.id as current
        from opportunities o join clients c on c.id = o.client_id order by o.client_id`,
    );
    expect(opportunities.map(({ clientId: _, title: __, current: ___, ...pipeline }) => pipeline)).toEqual(before);
    expect(opportunities.every((row) => row.current)).toBe(true);
    expect(opportunities.every((row) => row.title.length > 0)).toBe(true);
  });

  it("leaves each contact's own columns as they were: the copy of its opportunity", async () => {
    expect(await contactPipelines(test)).toEqual(before);
  });

  it("keeps the copy afterwards: a new contact comes with its opportunity, whose stage reaches the contact", async () => {
    const { db } = test.database;
    // Its own contact, removed at the end: the other tests compare the demo's 200 (CI shuffles them).
    const [made] = await queryRows<{ id: number }>(
      db,
      sql`insert into clients (first_name, last_name, email, country_code, phone, company)
        values ('Nueva', 'Persona', 'nueva@finca.test', '+593', '+593991234567', '') returning id`,
    );
    const id = made?.id ?? 0;
    try {
      await db.execute(
        sql`update opportunities set stage = 'negociacion', version = version + 1 where client_id = ${id}`,
      );
      const [after] = await queryRows<{ stage: string; version: number; title: string }>(
        db,
        sql`select c.stage, c.version, o.title from clients c join opportunities o on o.id = c.opportunity_id
          where c.id = ${id}`,
      );
      expect(after).toEqual({ stage: "negociacion", version: 1, title: "Consulta web" });
    } finally {
      await db.execute(sql`delete from clients where id = ${id}`);
    }
  });

  it("orders them on the board by their contact's last message, and keeps that order as messages come", async () => {
    const { db } = test.database;
    const differing = await queryRows<{ id: number }>(
      db,
      sql`select o.id from opportunities o join clients c on c.id = o.client_id
        where o.activity_at is distinct from coalesce(c.last_message_at, o.created_at)`,
    );
    expect(differing).toEqual([]);
    const [made] = await queryRows<{ id: number }>(
      db,
      sql`insert into clients (first_name, last_name, email, country_code, phone, company, last_message_at)
        values ('Otra', 'Persona', 'otra@finca.test', '+593', '+593991234568', '', '2026-01-02T03:04:05Z') returning id`,
    );
    const id = made?.id ?? 0;
    const activity = async () =>
      (
        await queryRows<{ at: string }>(
          db,
          sql`select to_char(o.activity_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at
            from clients c join opportunities o on o.id = c.opportunity_id where c.id = ${id}`,
        )
      )[0]?.at;
    try {
      expect(await activity()).toBe("2026-01-02 03:04:05");
      await db.execute(sql`update clients set last_message_at = '2026-03-04T05:06:07Z' where id = ${id}`);
      expect(await activity()).toBe("2026-03-04 05:06:07");
    } finally {
      await db.execute(sql`delete from clients where id = ${id}`);
    }
  });
});
