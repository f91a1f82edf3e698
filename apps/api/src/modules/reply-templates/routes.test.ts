import { fillTemplate, unknownVariables } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { DEMO_TEMPLATES, ensureDemoTemplates } from "../../cli/seed-demo-templates.ts";

type Template = { id: number; name: string; body: string; createdAt: string; updatedAt: string };

describe.each(engines)("reply templates (Plantillas) on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    admin = (await signIn(t.app, ADMIN)).accessToken;
    staff = (await signIn(t.app, await createReadyStaff(t.app, admin))).accessToken;
  });
  afterAll(() => t.close());

  const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const names = async (token = staff) =>
    ((await call(token, "GET", "/api/reply-templates")).json() as Template[]).map((template) => template.name);
  // Each test makes the templates it works on, with names of its own: they run in any order.
  const create = async (name: string, body = "Texto") => {
    const created = await call(admin, "POST", "/api/reply-templates", { name, body });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as Template;
  };

  it("administrators create templates, trimmed; every staff member lists them in Spanish name order", async () => {
    const created = await call(admin, "POST", "/api/reply-templates", {
      name: "  Visita técnica ",
      body: "\nHola {nombre}, le visitaremos en {empresa}.\n",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Visita técnica",
      body: "Hola {nombre}, le visitaremos en {empresa}.",
    });
    for (const name of ["zona norte", "Ángel de la guarda", "cotización"]) await create(name);
    const mine = new Set(["Visita técnica", "zona norte", "Ángel de la guarda", "cotización"]);
    expect((await names()).filter((name) => mine.has(name))).toEqual([
      "Ángel de la guarda",
      "cotización",
      "Visita técnica",
      "zona norte",
    ]);
  });

  it("refuses a name already used, whatever its case, with 409 and a Spanish message on the name", async () => {
    const first = await create("Seguimiento de pedido");
    const second = await create("Seguimiento de pago");
    for (const name of ["Seguimiento de pedido", "SEGUIMIENTO DE PEDIDO"]) {
      const taken = await call(admin, "POST", "/api/reply-templates", { name, body: "Otro texto" });
      expect(taken.statusCode, name).toBe(409);
      expect(taken.json()).toMatchObject({
        statusCode: 409,
        error: "Conflict",
        message: "Ya existe una plantilla con ese nombre",
        details: [{ path: "name", message: "Ya existe una plantilla con ese nombre" }],
      });
    }
    const renamed = await call(admin, "PUT", `/api/reply-templates/${second.id}`, { name: first.name, body: "x" });
    expect(renamed.statusCode).toBe(409);
  });

  it("changes a template's name and text, and its own name may change case", async () => {
    const visit = await create("Visita de campo", "Hola {nombre}.");
    const changed = await call(admin, "PUT", `/api/reply-templates/${visit.id}`, {
      name: "Visita de campo a finca",
      body: "Coordinemos una visita a {empresa}.",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: visit.id, name: "Visita de campo a finca" });
    expect(Date.parse(changed.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(visit.updatedAt));
    const recased = await call(admin, "PUT", `/api/reply-templates/${visit.id}`, {
      name: "VISITA DE CAMPO A FINCA",
      body: "Coordinemos una visita a {empresa}.",
    });
    expect(recased.statusCode).toBe(200);
    expect(await names()).toContain("VISITA DE CAMPO A FINCA");
  });

  it("answers 400 with a detail for each field, 404 for an unknown id", async () => {
    const bad = await call(admin, "POST", "/api/reply-templates", { name: " ", body: "b".repeat(5001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Escribe el nombre de la plantilla" },
        { path: "body", message: "El texto no puede superar los 5000 caracteres" },
      ]),
    );
    const nul = await call(admin, "POST", "/api/reply-templates", { name: "Nula", body: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
    const extra = await call(admin, "POST", "/api/reply-templates", { name: "Extra", body: "x", createdBy: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await call(admin, "PUT", "/api/reply-templates/999999", { name: "Nada", body: "x" })).statusCode).toBe(404);
    const gone = await call(admin, "DELETE", "/api/reply-templates/999999");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("No existe esa plantilla.");
    expect((await call(admin, "DELETE", "/api/reply-templates/abc")).statusCode).toBe(400);
  });

  it("staff who are not administrators read them but cannot write them (403)", async () => {
    const some = await create("Solo lectura");
    const attempts = [
      await call(staff, "POST", "/api/reply-templates", { name: "Mía", body: "x" }),
      await call(staff, "PUT", `/api/reply-templates/${some.id}`, { name: "Mía", body: "x" }),
      await call(staff, "DELETE", `/api/reply-templates/${some.id}`),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().message).toBe("Tu cuenta no tiene permisos para esta sección.");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/reply-templates" })).statusCode).toBe(401);
  });

  it("deletes a template, and the audit log says who created, changed and deleted which", async () => {
    const zone = await create("zona sur");
    expect(
      (await call(admin, "PUT", `/api/reply-templates/${zone.id}`, { name: "zona sur", body: "Otro" })).statusCode,
    ).toBe(200);
    expect((await call(admin, "DELETE", `/api/reply-templates/${zone.id}`)).statusCode).toBe(204);
    expect(await names()).not.toContain("zona sur");
    const audit = (await call(admin, "GET", "/api/audit-log?size=100")).json() as {
      content: { action: string; actorUsername: string; details: { templateId?: number; name?: string } }[];
    };
    const ofZone = audit.content.filter((entry) => entry.details?.templateId === zone.id);
    expect(ofZone.map((entry) => entry.action)).toEqual([
      "reply_template_deleted",
      "reply_template_updated",
      "reply_template_created",
    ]);
    expect(ofZone[0]).toMatchObject({ actorUsername: "admin", details: { name: "zona sur" } });
  });

  it("the demo seed adds three templates once, each filled with no variable left unknown", async () => {
    expect(await ensureDemoTemplates(t.app.db)).toBe(3);
    expect(await ensureDemoTemplates(t.app.db)).toBe(0);
    const listed = await names();
    for (const template of DEMO_TEMPLATES) {
      expect(listed).toContain(template.name);
      expect(unknownVariables(template.body)).toEqual([]);
      const filled = fillTemplate(template.body, {
        nombre: "Ana",
        apellido: "Quishpe",
        empresa: "Rosas del Valle",
        productos: "Chrysal RVB y RVB Clear",
        responsable: "María Pérez",
      });
      expect(filled).not.toMatch(/[{}]/);
    }
  });
});
