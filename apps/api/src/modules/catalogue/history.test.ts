import { randomBytes } from "node:crypto";
import type { PriceChange, PriceItem } from "@app/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { DEMO_PRESENTATIONS, DEMO_PRICES_BY, ensureDemoPrices } from "../../cli/seed-demo-prices.ts";
import { findPriceItems } from "./index.ts";

type Entry = {
  action: string;
  actorUsername: string | null;
  summary: string | null;
  details: { priceItemId?: number };
};

// Every price a presentation had, who set it and when: the history (`Historial de precios`) and the
// audit log say the same, and what other modules read of a presentation.
describe.each(engines)("price history and audit of the catalogue on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let ana: { username: string };
  let rvb: number;

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin), ...(payload === undefined ? {} : { payload }) });
  const code = () => `RVB-${randomBytes(3).toString("hex")}`.toUpperCase();
  const history = async (id: number) => (await call("GET", `/api/price-items/${id}/changes`)).json() as PriceChange[];

  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    const first = (await signIn(t.app, ADMIN)).accessToken;
    const account = await createReadyStaff(t.app, first, "administrador");
    await t.app.inject({
      method: "PATCH",
      url: `/api/users/${account.id}`,
      headers: bearer(first),
      payload: { displayName: "Ana Quishpe" },
    });
    ana = account;
    admin = (await signIn(t.app, account)).accessToken;
    const products = (await call("GET", "/api/price-items/products")).json() as { id: number; title: string }[];
    rvb = products.find((product) => product.title === "Chrysal RVB y RVB Clear")?.id ?? 0;
  });
  afterAll(() => t.close());

  const create = async (listPrice: string) => {
    const body = { serviceTypeId: rvb, code: code(), size: "5", unit: "L", listPrice };
    const created = await call("POST", "/api/price-items", body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as PriceItem;
  };
  const change = async (item: PriceItem, version: number, fields: object) => {
    const changed = await call("PATCH", `/api/price-items/${item.id}`, { version, ...fields });
    expect(changed.statusCode, changed.body).toBe(200);
    return changed.json() as PriceItem;
  };

  it("keeps each price and IVA a presentation had, newest first, and who set it", async () => {
    const item = await create("98.50");
    await change(item, 0, { listPrice: "101.25" });
    // A code or state change is audited but is no price change.
    await change(item, 1, { active: false, code: `${item.code}-B` });
    const last = await change(item, 2, { ivaPercent: "0", listPrice: "1234.567891" });
    expect(last).toMatchObject({ updatedBy: "Ana Quishpe", version: 3, active: false });
    const lines = await history(item.id);
    expect(
      lines.map(({ actorName, oldPrice, newPrice, oldIvaPercent, newIvaPercent }) => ({
        actorName,
        oldPrice,
        newPrice,
        oldIvaPercent,
        newIvaPercent,
      })),
    ).toEqual([
      {
        actorName: "Ana Quishpe",
        oldPrice: "101.250000",
        newPrice: "1234.567891",
        oldIvaPercent: "15.00",
        newIvaPercent: "0.00",
      },
      {
        actorName: "Ana Quishpe",
        oldPrice: "98.500000",
        newPrice: "101.250000",
        oldIvaPercent: "15.00",
        newIvaPercent: "15.00",
      },
      { actorName: "Ana Quishpe", oldPrice: null, newPrice: "98.500000", oldIvaPercent: null, newIvaPercent: "15.00" },
    ]);
    expect(Date.parse(lines[0]?.at ?? "")).toBeGreaterThanOrEqual(Date.parse(lines[2]?.at ?? ""));
  });

  it("writes each creation and change to the audit log, in Spanish words", async () => {
    const item = await create("21.80");
    await change(item, 0, { listPrice: "22.40", ivaPercent: "0" });
    await change(item, 1, { active: false, size: "4" });
    const log = await call("GET", "/api/audit-log?size=100");
    expect(log.statusCode, log.body).toBe(200);
    const mine = (log.json().content as Entry[]).filter((entry) => entry.details?.priceItemId === item.id);
    expect(mine.map(({ action, actorUsername, summary }) => ({ action, actorUsername, summary }))).toEqual([
      {
        action: "price_item_updated",
        actorUsername: ana.username,
        summary: `${item.code} · Desactivada · Cambió: tamaño`,
      },
      {
        action: "price_item_updated",
        actorUsername: ana.username,
        summary: `${item.code} · Precio de lista: de $21,80 a $22,40 · IVA: de 15 % a 0 %`,
      },
      {
        action: "price_item_created",
        actorUsername: ana.username,
        summary: `${item.code} · Precio de lista $21,80 · IVA 15 %`,
      },
    ]);
  });

  it("tells other modules what a presentation is, in words a quote line uses", async () => {
    const item = await create("27.40");
    const [found] = await findPriceItems(t.app.db, [item.id, item.id, 999_999]);
    expect(found).toEqual({
      id: item.id,
      serviceTypeId: rvb,
      code: item.code,
      description: "Chrysal RVB y RVB Clear · 5 L",
      size: "5.000",
      unit: "L",
      listPrice: "27.400000",
      ivaPercent: "15.00",
      active: true,
      productOffered: true,
    });
    expect(await findPriceItems(t.app.db, [])).toEqual([]);
  });

  it("the demo seed adds its presentations once, each with the first line of its history", async () => {
    expect(await ensureDemoPrices(t.app.db)).toBe(DEMO_PRESENTATIONS.length);
    expect(await ensureDemoPrices(t.app.db)).toBe(0);
    const listed = (await call("GET", "/api/price-items")).json() as PriceItem[];
    const clear = listed.find((item) => item.code === "RVB-CLEAR-1KG");
    expect(clear).toMatchObject({ description: "Chrysal RVB y RVB Clear · 1 kg", listPrice: "27.400000" });
    expect(listed.find((item) => item.code === "DAN-500ML")).toMatchObject({ ivaPercent: "0.00" });
    expect(listed.find((item) => item.code === "STK-2000")?.description).toBe(
      "Chrysal Transport Stickers · 2.000 unidades",
    );
    expect(await history(clear?.id ?? 0)).toEqual([
      expect.objectContaining({ actorName: DEMO_PRICES_BY, oldPrice: null, newPrice: "27.400000" }),
    ]);
  });
});
