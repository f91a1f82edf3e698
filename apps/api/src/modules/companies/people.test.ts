import type { CompanyDetail, CompanySuggestions } from "@app/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { caller, createCompany, createContact, freshRuc } from "./test-kit.ts";

/** Letters only, so no test's names are like another's. */
const tag = () => `q${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;

describe.each(engines)("a company's people, suggestions and merges on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    call = caller(t);
    const admin = (await signIn(t.app, ADMIN)).accessToken;
    staff = (await signIn(t.app, await createReadyStaff(t.app, admin))).accessToken;
  });
  afterAll(() => t.close());

  const page = async (id: number) => {
    const answer = await call(staff, "GET", `/api/companies/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CompanyDetail;
  };
  const suggestions = async (clientId: number) => {
    const answer = await call(staff, "GET", `/api/companies/suggestions?clientId=${clientId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CompanySuggestions;
  };
  const link = (companyId: number, clientId: number) =>
    call(staff, "POST", `/api/companies/${companyId}/people`, { clientId });

  /** A quote and an order of the contact's first opportunity, made out to the company. */
  async function addDocuments(clientId: number, companyId: number) {
    const [row] = await queryRows<{ opportunityId: number }>(
      t.app.db,
      sql`select opportunity_id as "opportunityId" from clients where id = ${clientId}`,
    );
    const opportunityId = row?.opportunityId;
    await t.app.db.execute(sql`insert into quotes (opportunity_id, client_id, company_id, valid_until, owner_name, total_cents)
      values (${opportunityId}, ${clientId}, ${companyId}, '2026-12-31', 'Ana', 115000)`);
    await t.app.db.execute(sql`insert into orders (number, opportunity_id, client_id, company_id, total_cents)
      values (${`PED-2026-${clientId}-${tag()}`}, ${opportunityId}, ${clientId}, ${companyId}, 230000)`);
  }

  it("links a contact, moves one from another company saying so, and unlinks", async () => {
    const roses = await createCompany(t, staff, { name: `Rosas ${tag()}` });
    const carnations = await createCompany(t, staff, { name: `Claveles ${tag()}` });
    const ana = await createContact(t, staff, "Rosas", "Ana");
    const first = await link(roses.id, ana.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: `Ana ${ana.lastName} ahora es parte de «${roses.name}».`,
      movedFrom: null,
    });
    const again = await link(roses.id, ana.id);
    expect(again.json()).toEqual({ message: `Ana ${ana.lastName} ya es parte de «${roses.name}».`, movedFrom: null });

    const moved = await link(carnations.id, ana.id);
    expect(moved.json()).toEqual({
      message: `Ana ${ana.lastName} pasó de «${roses.name}» a «${carnations.name}».`,
      movedFrom: { id: roses.id, name: roses.name, ruc: null },
    });
    expect((await page(roses.id)).people).toEqual([]);
    expect((await page(carnations.id)).people).toEqual([
      expect.objectContaining({ id: ana.id, firstName: "Ana", stage: "nuevo", owner: null }),
    ]);
    expect((await suggestions(ana.id)).company).toEqual({ id: carnations.id, name: carnations.name, ruc: null });

    expect((await call(staff, "DELETE", `/api/companies/${roses.id}/people/${ana.id}`)).statusCode).toBe(404);
    expect((await call(staff, "DELETE", `/api/companies/${carnations.id}/people/${ana.id}`)).statusCode).toBe(204);
    expect((await page(carnations.id)).people).toEqual([]);
    expect((await suggestions(ana.id)).company).toBeNull();

    const noContact = await link(roses.id, 999_999);
    expect(noContact.statusCode).toBe(404);
    expect(noContact.json().message).toBe("No existe ese contacto.");
    expect((await link(999_999, ana.id)).statusCode).toBe(404);
  });

  it("shows its people's opportunities, quotes, orders and timeline on its page", async () => {
    const name = `Florícola ${tag()}`;
    const company = await createCompany(t, staff, { name });
    const luis = await createContact(t, staff, name, "Luis");
    await link(company.id, luis.id);
    const note = await call(staff, "POST", `/api/clients/${luis.id}/messages`, { message: "Llamó por Chrysal RVB." });
    expect(note.statusCode, note.body).toBe(201);
    await addDocuments(luis.id, company.id);
    const detail = await page(company.id);
    expect(detail.opportunities).toEqual([
      expect.objectContaining({ clientId: luis.id, clientName: `Luis ${luis.lastName}`, title: name, stage: "nuevo" }),
    ]);
    expect(detail.quotes).toEqual([expect.objectContaining({ number: null, state: "borrador", totalCents: 115000 })]);
    expect(detail.orders).toEqual([expect.objectContaining({ state: "confirmado", totalCents: 230000 })]);
    expect(detail.timeline[0]).toMatchObject({
      kind: "message_added",
      clientId: luis.id,
      clientName: `Luis ${luis.lastName}`,
      data: { message: "Llamó por Chrysal RVB." },
    });
  });

  it("suggests companies by name like the typed one, accents and case aside, best first, at most 5", async () => {
    const word = tag();
    const exact = await createCompany(t, staff, { name: `Florícola Ángeles ${word}` });
    for (const side of ["Norte", "Sur", "Este", "Oeste", "Centro"]) {
      await createCompany(t, staff, { name: `Florícola Ángeles ${word} ${side}` });
    }
    await createCompany(t, staff, { name: `Exportadora ${tag()}` });
    const maria = await createContact(t, staff, `FLORICOLA ANGELES ${word.toUpperCase()}`, "María");
    const answer = await suggestions(maria.id);
    expect(answer.typed).toBe(`FLORICOLA ANGELES ${word.toUpperCase()}`);
    expect(answer.company).toBeNull();
    expect(answer.suggestions).toHaveLength(5);
    expect(answer.suggestions[0]).toEqual({
      id: exact.id,
      name: exact.name,
      ruc: null,
      province: "",
      canton: "",
      people: 0,
    });
    for (const suggestion of answer.suggestions) expect(suggestion.name).toContain(word);
    // A suggestion is only that: nobody was linked.
    expect((await page(exact.id)).people).toEqual([]);
  });

  it("suggests nothing for a contact without a typed company, and 404 for an unknown contact", async () => {
    await createCompany(t, staff, { name: "Finca" });
    const blank = await createContact(t, staff, "Finca");
    await t.app.db.execute(sql`update clients set company = '  ' where id = ${blank.id}`);
    expect(await suggestions(blank.id)).toEqual({ company: null, typed: "", suggestions: [] });
    const unknown = await call(staff, "GET", "/api/companies/suggestions?clientId=999999");
    expect(unknown.statusCode).toBe(404);
  });

  it("merges a company into another: people, quotes and orders move, empty fields fill, the other goes", async () => {
    const ruc = freshRuc();
    const kept = await createCompany(t, staff, { name: `Rosaprima ${tag()}`, province: "Pichincha" });
    const from = await createCompany(t, staff, {
      name: `Rosa Prima ${tag()}`,
      ruc,
      province: "Cotopaxi",
      hectares: 20,
      notes: "Duplicada desde el formulario",
    });
    const people = [await createContact(t, staff, "Rosa Prima", "Pedro"), await createContact(t, staff, "Rosaprima")];
    for (const person of people) await link(from.id, person.id);
    const stays = await createContact(t, staff, "Rosaprima", "Carla");
    await link(kept.id, stays.id);
    await addDocuments(people[0]?.id ?? 0, from.id);

    const merged = await call(staff, "POST", `/api/companies/${kept.id}/merge`, { fromId: from.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      movedPeople: 2,
      company: {
        id: kept.id,
        ruc,
        province: "Pichincha",
        hectares: 20,
        notes: "Duplicada desde el formulario",
        version: kept.version + 1,
      },
    });
    const detail = await page(kept.id);
    expect(detail.people.map((person) => person.id).sort()).toEqual([stays.id, ...people.map((p) => p.id)].sort());
    expect(detail.quotes).toHaveLength(1);
    expect(detail.orders).toHaveLength(1);
    expect((await call(staff, "GET", `/api/companies/${from.id}`)).statusCode).toBe(404);

    const itself = await call(staff, "POST", `/api/companies/${kept.id}/merge`, { fromId: kept.id });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().details).toEqual([
      { path: "fromId", message: "Elige otra empresa: no se puede fusionar una empresa consigo misma." },
    ]);
    expect((await call(staff, "POST", `/api/companies/${kept.id}/merge`, { fromId: from.id })).statusCode).toBe(404);
  });

  it("merges in one transaction: a failure at the end leaves people and documents where they were", async () => {
    const kept = await createCompany(t, staff, { name: `Destino ${tag()}` });
    const from = await createCompany(t, staff, { name: `Fusión fallida ${tag()}` });
    const person = await createContact(t, staff, "Fusión fallida");
    await link(from.id, person.id);
    await addDocuments(person.id, from.id);
    // The last step of the merge, deleting the company merged away, fails for this one.
    await t.app.db.execute(
      sql.raw(`create function test_refuse_delete() returns trigger language plpgsql as
      $$ begin raise exception 'borrado rechazado en la prueba'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_refuse_delete before delete on companies for each row
        when (old.id = ${from.id}) execute function test_refuse_delete()`),
    );
    try {
      const failed = await call(staff, "POST", `/api/companies/${kept.id}/merge`, { fromId: from.id });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw("drop trigger test_refuse_delete on companies"));
      await t.app.db.execute(sql.raw("drop function test_refuse_delete()"));
    }
    const source = await page(from.id);
    expect(source.people.map((p) => p.id)).toEqual([person.id]);
    expect([source.quotes.length, source.orders.length]).toEqual([1, 1]);
    expect((await page(kept.id)).people).toEqual([]);
  });

  it("audits links, moves and merges, naming the contact", async () => {
    const admin = (await signIn(t.app, ADMIN)).accessToken;
    const a = await createCompany(t, staff, { name: `Auditada A ${tag()}` });
    const b = await createCompany(t, staff, { name: `Auditada B ${tag()}` });
    const person = await createContact(t, staff, "Auditada");
    await link(a.id, person.id);
    await link(b.id, person.id);
    await call(staff, "POST", `/api/companies/${a.id}/merge`, { fromId: b.id });
    const log = (await call(admin, "GET", "/api/audit-log?size=100")).json() as {
      content: {
        action: string;
        summary: string | null;
        client: { id: number } | null;
        details: { companyId?: number };
      }[];
    };
    const ours = log.content.filter((entry) => [a.id, b.id].includes(entry.details?.companyId ?? 0));
    expect(ours.map(({ action, summary }) => [action, summary])).toEqual([
      ["company_merged", `«${b.name}» fusionada en «${a.name}» · 1 persona`],
      ["company_person_linked", `${b.name} · Antes en «${a.name}»`],
      ["company_person_linked", a.name],
      ["company_created", b.name],
      ["company_created", a.name],
    ]);
    expect(ours[1]?.client?.id).toBe(person.id);
  });
});
