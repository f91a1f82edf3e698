import type { Company, CompanyDetail, CompanyPage } from "@app/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { caller, createCompany, createContact, freshRuc } from "./test-kit.ts";

type Details = { path: string; message: string }[];

describe.each(engines)("companies (Empresas) on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let editor: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    call = caller(t);
    admin = (await signIn(t.app, ADMIN)).accessToken;
    staff = (await signIn(t.app, await createReadyStaff(t.app, admin))).accessToken;
    editor = (await signIn(t.app, await createReadyStaff(t.app, admin, "editor"))).accessToken;
  });
  afterAll(() => t.close());

  it("creates a farm with all it is, trimmed, and reads it back on its page", async () => {
    const ruc = freshRuc();
    const created = await call(staff, "POST", "/api/companies", {
      name: "  Rosas del Cotopaxi ",
      ruc: ` ${ruc} `,
      province: "Cotopaxi",
      canton: "Latacunga",
      address: "Vía a Saquisilí km 3",
      hectares: 12.5,
      varieties: "Freedom, Explorer",
      stemsPerWeek: 45_000,
      markets: "Estados Unidos, Rusia",
      notes: "Compra antes de San Valentín.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json() as Company;
    expect(company).toMatchObject({
      name: "Rosas del Cotopaxi",
      ruc,
      hectares: 12.5,
      stemsPerWeek: 45_000,
      version: 0,
    });
    const page = await call(staff, "GET", `/api/companies/${company.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      company: { id: company.id, canton: "Latacunga", markets: "Estados Unidos, Rusia" },
      people: [],
      opportunities: [],
      quotes: [],
      orders: [],
      timeline: [],
    });
    const bare = await createCompany(t, staff, { name: "Finca sin datos" });
    expect(bare).toMatchObject({ ruc: null, hectares: null, stemsPerWeek: null, province: "", notes: "" });
  });

  it.each([
    ["private company", "private"],
    ["natural person", "natural"],
    ["public entity", "public"],
  ] as const)("accepts the RUC of a %s", async (_label, holder) => {
    const ruc = freshRuc(holder);
    expect((await createCompany(t, staff, { name: `Titular ${holder}`, ruc })).ruc).toBe(ruc);
  });

  it.each([
    ["1790016918001", "El RUC no es válido: su dígito verificador no coincide."],
    ["1760013220001", "El RUC no es válido: su dígito verificador no coincide."],
    ["1710034064001", "El RUC no es válido: su dígito verificador no coincide."],
    ["17900169190", "El RUC tiene 13 dígitos, sin espacios ni guiones."],
    ["1790016919000", "El RUC de una sociedad termina en 001 o un establecimiento posterior."],
    ["2590016919001", "Los dos primeros dígitos del RUC son la provincia: de 01 a 24, o 30."],
  ])("refuses the RUC %s with a Spanish message on the field", async (ruc, message) => {
    const refused = await call(staff, "POST", "/api/companies", { name: "Finca del RUC malo", ruc });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details as Details).toContainEqual({ path: "ruc", message });
  });

  it("names each field that is wrong, and refuses negative numbers and unknown keys", async () => {
    const bad = await call(staff, "POST", "/api/companies", {
      name: " ",
      hectares: -1,
      stemsPerWeek: 2.5,
      province: "p".repeat(81),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details as Details).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Escribe el nombre de la empresa" },
        { path: "hectares", message: "Hectáreas: no pueden ser negativas" },
        { path: "stemsPerWeek", message: "Tallos por semana: escribe un número entero" },
        { path: "province", message: "Provincia: no puede superar los 80 caracteres" },
      ]),
    );
    const extra = await call(staff, "POST", "/api/companies", { name: "Finca", createdBy: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it("refuses a RUC another company has (409 on `ruc`, naming it), on create and on change", async () => {
    const ruc = freshRuc();
    const holder = await createCompany(t, staff, { name: "Flores del Valle", ruc });
    const twin = await call(staff, "POST", "/api/companies", { name: "Otra finca", ruc });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      message: "Ya existe una empresa con ese RUC: «Flores del Valle».",
      details: [{ path: "ruc", message: "Ya existe una empresa con ese RUC: «Flores del Valle»." }],
      company: { id: holder.id, name: "Flores del Valle", ruc },
    });
    const other = await createCompany(t, staff, { name: "Otra finca" });
    const changed = await call(staff, "PATCH", `/api/companies/${other.id}`, { version: other.version, ruc });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ details: [{ path: "ruc" }], company: { id: holder.id } });
    // Its own RUC sent again is no conflict.
    const same = await call(staff, "PATCH", `/api/companies/${holder.id}`, { version: holder.version, ruc });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("changes a company with the version seen; a stale version gets 409 with the company as it is", async () => {
    const company = await createCompany(t, staff, { name: "Finca Versiones", hectares: 3 });
    const first = await call(staff, "PATCH", `/api/companies/${company.id}`, {
      version: company.version,
      hectares: 4.25,
      ruc: "",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ hectares: 4.25, ruc: null, version: company.version + 1 });
    const stale = await call(admin, "PATCH", `/api/companies/${company.id}`, {
      version: company.version,
      name: "Otro nombre",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: "Otra persona cambió esta empresa mientras la veías. Revisa los datos actuales e inténtalo de nuevo.",
      current: { id: company.id, name: "Finca Versiones", hectares: 4.25, version: company.version + 1 },
    });
    const empty = await call(staff, "PATCH", `/api/companies/${company.id}`, { version: 1 });
    expect(empty.statusCode).toBe(400);
    expect((await call(staff, "PATCH", "/api/companies/999999", { version: 0, name: "Nada" })).statusCode).toBe(404);
  });

  it("lists companies by name with their people count, searching name or RUC with accents and case aside", async () => {
    const tag = `Ñandú${Math.random().toString(36).slice(2, 7)}`;
    const ruc = freshRuc();
    const farm = await createCompany(t, staff, { name: `Florícola ${tag} Cayambe`, ruc, canton: "Cayambe" });
    await createCompany(t, staff, { name: `Agrícola ${tag} Tabacundo` });
    await call(staff, "POST", `/api/companies/${farm.id}/people`, {
      clientId: (await createContact(t, staff, "Florícola")).id,
    });
    const search = async (q: string) => {
      const answer = await call(staff, "GET", `/api/companies?q=${encodeURIComponent(q)}&size=10`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as CompanyPage;
    };
    const found = await search(`floricola ${tag.toUpperCase().replace("Ñ", "N")}`);
    expect(found.content).toEqual([
      { id: farm.id, name: `Florícola ${tag} Cayambe`, ruc, province: "", canton: "Cayambe", people: 1 },
    ]);
    expect((await search(tag.toLowerCase())).content.map((company) => company.name)).toEqual([
      `Agrícola ${tag} Tabacundo`,
      `Florícola ${tag} Cayambe`,
    ]);
    expect((await search(ruc)).content.map((company) => company.id)).toEqual([farm.id]);
    const paged = await call(staff, "GET", `/api/companies?q=${encodeURIComponent(tag)}&size=1&page=1`);
    expect(paged.json()).toMatchObject({
      pageNumber: 1,
      totalElements: 2,
      totalPages: 2,
      isFirstPage: false,
      isLastPage: true,
    });
  });

  it("deletes a company without people; with people it answers 409 and says why", async () => {
    const company = await createCompany(t, staff, { name: "Finca con gente" });
    const contact = await createContact(t, staff, "Finca con gente");
    await call(staff, "POST", `/api/companies/${company.id}/people`, { clientId: contact.id });
    const refused = await call(staff, "DELETE", `/api/companies/${company.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "La empresa tiene personas vinculadas: quítalas o fusiónala con otra antes de eliminarla.",
    );
    expect((await call(staff, "DELETE", `/api/companies/${company.id}/people/${contact.id}`)).statusCode).toBe(204);
    expect((await call(staff, "DELETE", `/api/companies/${company.id}`)).statusCode).toBe(204);
    const gone = await call(staff, "GET", `/api/companies/${company.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("No existe esa empresa.");
  });

  it("is the sales staff's: a content editor gets 403 everywhere, nobody signed in 401", async () => {
    const company = await createCompany(t, staff, { name: "Finca vedada" });
    const attempts = [
      await call(editor, "GET", "/api/companies"),
      await call(editor, "GET", `/api/companies/${company.id}`),
      await call(editor, "POST", "/api/companies", { name: "Mía" }),
      await call(editor, "PATCH", `/api/companies/${company.id}`, { version: 0, name: "Mía" }),
      await call(editor, "DELETE", `/api/companies/${company.id}`),
      await call(editor, "POST", `/api/companies/${company.id}/people`, { clientId: 1 }),
      await call(editor, "DELETE", `/api/companies/${company.id}/people/1`),
      await call(editor, "POST", `/api/companies/${company.id}/merge`, { fromId: 1 }),
      await call(editor, "GET", "/api/companies/suggestions?clientId=1"),
    ];
    for (const attempt of attempts) expect(attempt.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/companies" })).statusCode).toBe(401);
    expect(((await call(staff, "GET", `/api/companies/${company.id}`)).json() as CompanyDetail).company.name).toBe(
      "Finca vedada",
    );
  });

  it("audits every write with who and which company, in Spanish", async () => {
    const ruc = freshRuc();
    const company = await createCompany(t, admin, { name: "Finca Auditada", ruc });
    await call(admin, "PATCH", `/api/companies/${company.id}`, { version: 0, notes: "Visitar en enero" });
    await call(admin, "DELETE", `/api/companies/${company.id}`);
    const log = (await call(admin, "GET", "/api/audit-log?size=100")).json() as {
      content: { action: string; actorUsername: string; summary: string | null; details: { companyId?: number } }[];
    };
    const entries = log.content.filter((entry) => entry.details?.companyId === company.id);
    expect(entries.map(({ action, summary }) => [action, summary])).toEqual([
      ["company_deleted", `Finca Auditada · RUC ${ruc}`],
      ["company_updated", "Finca Auditada · Cambió: notas"],
      ["company_created", `Finca Auditada · RUC ${ruc}`],
    ]);
    expect(entries[0]?.actorUsername).toBe("admin");
  });
});
