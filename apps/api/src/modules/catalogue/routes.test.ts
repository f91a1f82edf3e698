import { randomBytes } from "node:crypto";
import type { PriceItem } from "@app/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { serviceTypes, siteItems } from "../../db/schema/index.ts";

type Method = "GET" | "POST" | "PATCH";

// `Catálogo de precios` (issue 33, point 3): who may read and write the prices, what the API refuses
// and in which words, and that a price comes back exactly as it was sent.
describe.each(engines)("the priced catalogue on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let editor: string;
  let rvb: number;

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  // Each test makes the presentations it works on, with codes of its own: they run in any order.
  const code = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex")}`.toUpperCase();
  const create = async (fields: Record<string, unknown> = {}) => {
    const body = { serviceTypeId: rvb, code: code("RVB"), size: "5", unit: "L", listPrice: "98.50", ...fields };
    const created = await call(admin, "POST", "/api/price-items", body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as PriceItem;
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    admin = (await signIn(t.app, ADMIN)).accessToken;
    staff = (await signIn(t.app, await createReadyStaff(t.app, admin))).accessToken;
    editor = (await signIn(t.app, await createReadyStaff(t.app, admin, "editor"))).accessToken;
    const products = (await call(staff, "GET", "/api/price-items/products")).json() as { id: number; title: string }[];
    rvb = products.find((product) => product.title === "Chrysal RVB y RVB Clear")?.id ?? 0;
  });
  afterAll(() => t.close());

  it("offers the site's products, not its services, for presentations", async () => {
    const products = (await call(admin, "GET", "/api/price-items/products")).json() as { title: string }[];
    const titles = products.map((product) => product.title);
    expect(titles).toEqual(expect.arrayContaining(["Bioestimulantes", "Chrysal RVB y RVB Clear", "Chrysal EB Sheets"]));
    expect(titles).not.toContain("Sea Freight Service");
    expect(titles).toHaveLength(13);
  });

  it("administrators create a presentation; its decimals come back exactly, IVA 15% and active by default", async () => {
    const exact = await create({ code: code("rvb-exact"), size: "0,5", listPrice: "1234.567891" });
    expect(exact).toMatchObject({
      serviceTypeId: rvb,
      productTitle: "Chrysal RVB y RVB Clear",
      size: "0.500",
      unit: "L",
      listPrice: "1234.567891",
      ivaPercent: "15.00",
      active: true,
      description: "Chrysal RVB y RVB Clear · 0,5 L",
      version: 0,
    });
    // Codes are kept in capitals; a tenth is a tenth, never 0.1000000000000000055.
    expect(exact.code).toMatch(/^RVB-EXACT-/);
    const tenth = await create({ listPrice: "0.1", ivaPercent: "0" });
    expect(tenth).toMatchObject({ listPrice: "0.100000", ivaPercent: "0.00" });
    const largest = await create({ listPrice: "999999999999.999999", size: "999999999.999", unit: "unidad" });
    expect(largest).toMatchObject({ listPrice: "999999999999.999999", size: "999999999.999" });
    const listed = (await call(staff, "GET", `/api/price-items?serviceTypeId=${rvb}`)).json() as PriceItem[];
    expect(listed.find((item) => item.id === exact.id)?.listPrice).toBe("1234.567891");
    expect(listed.find((item) => item.id === tenth.id)?.listPrice).toBe("0.100000");
    expect(listed.every((item) => item.serviceTypeId === rvb)).toBe(true);
  });

  it("lists a product's presentations by size, smaller units first, and filters by state", async () => {
    const [big, small, medium] = [
      await create({ size: "20", unit: "L" }),
      await create({ size: "500", unit: "ml" }),
      await create({ size: "1", unit: "L", active: false }),
    ];
    const listed = (await call(staff, "GET", `/api/price-items?serviceTypeId=${rvb}`)).json() as PriceItem[];
    const mine = listed.filter((item) => [big.id, small.id, medium.id].includes(item.id)).map((item) => item.id);
    expect(mine).toEqual([small.id, medium.id, big.id]);
    const active = (await call(staff, "GET", "/api/price-items?active=true")).json() as PriceItem[];
    const inactive = (await call(staff, "GET", "/api/price-items?active=false")).json() as PriceItem[];
    expect(active.map((item) => item.id)).toContain(big.id);
    expect(active.map((item) => item.id)).not.toContain(medium.id);
    expect(inactive.map((item) => item.id)).toEqual(expect.arrayContaining([medium.id]));
    expect((await call(staff, "GET", "/api/price-items?active=si")).statusCode).toBe(400);
  });

  it("refuses bad input with 400 and a Spanish message naming each field", async () => {
    const bad = await call(admin, "POST", "/api/price-items", {
      serviceTypeId: rvb,
      code: "RVB 5 L",
      size: "0",
      unit: "galón",
      listPrice: "12.1234567",
      ivaPercent: "115",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: "code", message: expect.stringContaining("El código solo admite letras sin tilde") },
        { path: "size", message: expect.stringContaining("El tamaño debe ser un número mayor que cero") },
        { path: "unit", message: "Elige la unidad de la presentación" },
        { path: "listPrice", message: "El precio de lista admite hasta 6 decimales" },
        { path: "ivaPercent", message: expect.stringContaining("El IVA debe ser un porcentaje entre 0 y 100") },
      ]),
    );
    const empty = await call(admin, "POST", "/api/price-items", {});
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { path: "serviceTypeId", message: "Elige el producto" },
        { path: "code", message: "Escribe el código de la presentación" },
        { path: "listPrice", message: "Escribe el precio de lista" },
      ]),
    );
    // Numbers as JSON numbers would be binary fractions: the API wants them as text.
    const floaty = await call(admin, "POST", "/api/price-items", {
      serviceTypeId: rvb,
      code: code("F"),
      size: "1",
      unit: "L",
      listPrice: 0.1,
    });
    expect(floaty.statusCode).toBe(400);
    expect(floaty.json().details).toEqual([
      { path: "listPrice", message: 'Envía los números como texto, por ejemplo "12.50"' },
    ]);
    const signed = await call(admin, "POST", "/api/price-items", { ...validBody(), listPrice: "-3" });
    expect(signed.json().details).toEqual([{ path: "listPrice", message: expect.stringContaining("sin signos") }]);
    const extra = await call(admin, "POST", "/api/price-items", { ...validBody(), version: 3 });
    expect(extra.statusCode).toBe(400);
    const nothing = await call(admin, "PATCH", `/api/price-items/${(await create()).id}`, { version: 0 });
    expect(nothing.json().message).toContain("No hay cambios que guardar");
  });

  const validBody = () => ({ serviceTypeId: rvb, code: code("V"), size: "1", unit: "L", listPrice: "10" });

  it("takes only products the site offers: not a service, not a retired product", async () => {
    const services = (await t.app.inject({ method: "GET", url: "/api/service-types" })).json() as {
      id: number;
      title: string;
    }[];
    const freight = services.find((service) => service.title === "Sea Freight Service")?.id;
    const [retired] = await t.app.db
      .insert(serviceTypes)
      .values({ title: `Producto retirado ${code("R")}`, retiredAt: new Date() })
      .returning({ id: serviceTypes.id });
    await t.app.db.insert(siteItems).values({ kind: "product", draft: {}, serviceTypeId: retired?.id });
    for (const serviceTypeId of [freight, retired?.id, 999_999]) {
      const refused = await call(admin, "POST", "/api/price-items", { ...validBody(), serviceTypeId });
      expect(refused.statusCode, String(serviceTypeId)).toBe(400);
      expect(refused.json().details).toEqual([
        {
          path: "serviceTypeId",
          message: "Elige un producto que esté en el sitio: ese no existe, se retiró o es un servicio",
        },
      ]);
    }
    const moved = await call(admin, "PATCH", `/api/price-items/${(await create()).id}`, {
      version: 0,
      serviceTypeId: freight,
    });
    expect(moved.statusCode).toBe(400);
  });

  it("refuses a code already used, whatever its case, with 409 on the code field", async () => {
    const first = await create({ code: code("dup") });
    const second = await create();
    for (const taken of [first.code, first.code.toLowerCase()]) {
      const refused = await call(admin, "POST", "/api/price-items", { ...validBody(), code: taken });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        statusCode: 409,
        error: "Conflict",
        message: "Ya existe una presentación con ese código",
        details: [{ path: "code", message: "Ya existe una presentación con ese código" }],
      });
    }
    const renamed = await call(admin, "PATCH", `/api/price-items/${second.id}`, { version: 0, code: first.code });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().details).toEqual([{ path: "code", message: "Ya existe una presentación con ese código" }]);
  });

  it("changes a presentation on the version seen; a stale version gets 409 with the presentation as it is", async () => {
    const item = await create({ listPrice: "21.80" });
    const changed = await call(admin, "PATCH", `/api/price-items/${item.id}`, { version: 0, listPrice: "22.40" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ listPrice: "22.400000", version: 1 });
    const stale = await call(admin, "PATCH", `/api/price-items/${item.id}`, { version: 0, listPrice: "23" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message:
        "Otra persona cambió esta presentación mientras la editabas. Revisa sus datos actuales y guarda de nuevo.",
      current: { id: item.id, listPrice: "22.400000", version: 1 },
    });
    // The same values again store nothing and keep the version.
    const same = await call(admin, "PATCH", `/api/price-items/${item.id}`, { version: 1, listPrice: "22.4" });
    expect(same.json()).toMatchObject({ version: 1 });
    expect((await call(admin, "PATCH", "/api/price-items/999999", { version: 0, active: false })).statusCode).toBe(404);
    const history = await call(admin, "GET", "/api/price-items/999999/changes");
    expect(history.statusCode).toBe(404);
    expect(history.json().message).toBe("No existe esa presentación.");
  });

  it("staff read the prices but cannot set them; content editors reach none of it", async () => {
    const item = await create();
    expect((await call(staff, "GET", "/api/price-items")).statusCode).toBe(200);
    expect((await call(staff, "GET", `/api/price-items/${item.id}/changes`)).statusCode).toBe(200);
    const forbidden = [
      await call(staff, "POST", "/api/price-items", validBody()),
      await call(staff, "PATCH", `/api/price-items/${item.id}`, { version: 0, listPrice: "1" }),
      await call(editor, "GET", "/api/price-items"),
      await call(editor, "GET", "/api/price-items/products"),
      await call(editor, "GET", `/api/price-items/${item.id}/changes`),
      await call(editor, "POST", "/api/price-items", validBody()),
    ];
    for (const response of forbidden) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Tu cuenta no tiene permisos para esta sección.");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/price-items" })).statusCode).toBe(401);
  });
});
