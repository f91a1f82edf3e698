import type { Dashboard } from "@app/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { whatsappClicks, whatsappClickVisitors } from "../../db/schema/index.ts";
import { businessDay } from "../../kernel/business-time.ts";

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

// `POST /api/whatsapp-clicks` (public, per-address limit, Ecuador's day) and the dashboard's
// `Clics en WhatsApp`, on every engine.
describe.each(engines)("WhatsApp clicks on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let visitor = 0;
  /** Each call from its own address unless told: the per-address limit is tested on its own. */
  const nextAddress = () => {
    visitor += 1;
    return `203.0.113.${visitor}`;
  };

  const click = (body: unknown, ip = nextAddress(), contentType = "application/json") =>
    t.app.inject({
      method: "POST",
      url: "/api/whatsapp-clicks",
      headers: { "content-type": contentType },
      payload: typeof body === "string" ? body : JSON.stringify(body),
      remoteAddress: ip,
    });
  const rows = () => t.app.db.select().from(whatsappClicks).orderBy(whatsappClicks.day, whatsappClicks.product);
  const dashboardClicks = async () => {
    const response = await t.app.inject({ url: "/api/dashboard", headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Dashboard).whatsappClicks;
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { whatsappClickRateLimit: [{ max: 3, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.delete(whatsappClicks);
    await t.app.db.delete(whatsappClickVisitors);
  });
  afterEach(() => vi.useRealTimers());

  it("counts taps per product on Ecuador's day, without a token, a cookie or the address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 22:30 on the 26th in Ecuador is already the 27th in UTC.
    vi.setSystemTime(new Date("2026-11-27T03:30:00Z"));
    const first = await click({ product: "chrysal-rvb" }, "203.0.113.200");
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe("");
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect((await click({ product: "chrysal-rvb" }, "203.0.113.201")).statusCode).toBe(204);
    expect((await click({ product: "danisaraba" }, "203.0.113.200")).statusCode).toBe(204);
    // Half an hour later it is the 27th in Ecuador too: a new row.
    vi.setSystemTime(new Date("2026-11-27T05:00:00Z"));
    expect((await click({ product: "chrysal-rvb" }, "203.0.113.200")).statusCode).toBe(204);

    // A day, a product and a count.
    expect(await rows()).toEqual([
      { day: "2026-11-26", product: "chrysal-rvb", clicks: 2 },
      { day: "2026-11-26", product: "danisaraba", clicks: 1 },
      { day: "2026-11-27", product: "chrysal-rvb", clicks: 1 },
    ]);
    // Who already counted today is kept as a keyed hash only, and only for today.
    const visitors = await t.app.db.select().from(whatsappClickVisitors);
    expect(visitors.map((row) => row.day)).toEqual(["2026-11-27"]);
    expect(JSON.stringify(visitors)).not.toMatch(/203\.0\.113|200/);
  });

  it("counts one tap per address, product and day, also when they arrive at once", async () => {
    // (This app allows 3 taps a minute per address: each address below stays within it.)
    const parallel = await Promise.all(
      Array.from({ length: 3 }, () => click({ product: "chrysal-avb" }, "198.51.100.77")),
    );
    expect(parallel.map((response) => response.statusCode)).toEqual([204, 204, 204]);
    // Another product from one address is another count.
    expect((await click({ product: "chrysal-avb" }, "198.51.100.78")).statusCode).toBe(204);
    expect((await click({ product: "danisaraba" }, "198.51.100.78")).statusCode).toBe(204);
    expect((await rows()).map(({ product, clicks }) => [product, clicks])).toEqual([
      ["chrysal-avb", 2],
      ["danisaraba", 1],
    ]);
    // The addresses of one IPv6 network (a /64, what one home or phone gets) are one visitor.
    for (const ip of ["2001:db8:aa:1::1", "2001:db8:aa:1:ffff::2", "2001:0db8:00aa:0001:0:0:0:3"]) {
      expect((await click({ product: "chrysal-viva" }, ip)).statusCode).toBe(204);
    }
    expect((await click({ product: "chrysal-viva" }, "2001:db8:aa:2::1")).statusCode).toBe(204);
    // An IPv4 address written as IPv6 is that IPv4 address.
    expect((await click({ product: "chrysal-viva" }, "::ffff:198.51.100.79")).statusCode).toBe(204);
    expect((await click({ product: "chrysal-viva" }, "198.51.100.79")).statusCode).toBe(204);
    expect((await rows()).find((row) => row.product === "chrysal-viva")?.clicks).toBe(3);
  });

  it("still counts many visitors: 60 addresses, 60 taps", async () => {
    for (let host = 1; host <= 60; host += 1) {
      expect((await click({ product: "chrysal-rvb" }, `192.0.2.${host}`)).statusCode).toBe(204);
    }
    expect((await rows()).map((row) => row.clicks)).toEqual([60]);
  });

  it("forgets who counted once their day is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T15:00:00Z"));
    await click({ product: "chrysal-rvb" }, "203.0.113.90");
    vi.setSystemTime(new Date("2026-11-21T15:00:00Z"));
    await click({ product: "chrysal-rvb" }, "203.0.113.90");
    const visitors = await t.app.db.select().from(whatsappClickVisitors);
    expect(visitors.map((row) => row.day)).toEqual(["2026-11-21"]);
    expect((await rows()).map((row) => row.clicks)).toEqual([1, 1]);
  });

  it("answers 400 with details for a product outside the catalogue or a malformed body", async () => {
    const unknown = await click({ product: "chrysal-inventado" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("El producto no existe en el catálogo"),
      details: [{ path: "product", message: "El producto no existe en el catálogo" }],
    });
    for (const body of [{}, { product: 7 }, { product: "danisaraba", ip: "1.2.3.4" }, [], "null"]) {
      const response = await click(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    // JSON only: a form or plain text is refused, not read.
    expect((await click("product=danisaraba", undefined, "application/x-www-form-urlencoded")).statusCode).toBe(415);
    expect((await click('{"product":"danisaraba"}', undefined, "text/plain")).statusCode).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it("limits taps per address (429 with Retry-After); refused taps are not counted", async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await click({ product: "chrysal-hvb" }, "198.51.100.40")).statusCode).toBe(204);
    const refused = await click({ product: "chrysal-hvb" }, "198.51.100.40");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Demasiadas solicitudes\. Intenta nuevamente en \d+ (segundos?|minutos?)\.$/,
    );
    // Another address has its own counter.
    expect((await click({ product: "chrysal-hvb" }, "198.51.100.41")).statusCode).toBe(204);
    expect((await rows()).map((row) => row.clicks)).toEqual([2]);
  });

  it("shows the last 30 days on the dashboard, per product, most first, with their total", async () => {
    const today = businessDay(new Date());
    await t.app.db.insert(whatsappClicks).values([
      // 30 days ago: out of the window.
      { day: daysBefore(today, 30), product: "danisaraba", clicks: 50 },
      // 29 days ago, the window's first day.
      { day: daysBefore(today, 29), product: "danisaraba", clicks: 2 },
      { day: daysBefore(today, 7), product: "chrysal-viva", clicks: 1 },
      { day: today, product: "chrysal-viva", clicks: 3 },
    ]);
    await click({ product: "danisaraba" });
    expect(await dashboardClicks()).toEqual({
      days: 30,
      total: 7,
      products: [
        { product: "chrysal-viva", title: "Chrysal VIVA", clicks: 4 },
        { product: "danisaraba", title: "Danisaraba", clicks: 3 },
      ],
    });
    await t.app.db.delete(whatsappClicks);
    expect(await dashboardClicks()).toEqual({ days: 30, total: 0, products: [] });
  });
});
