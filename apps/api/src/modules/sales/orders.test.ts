import type { Order, Quote } from "@app/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { priceItems } from "../../db/schema/index.ts";
import { businessDay } from "../../kernel/business-time.ts";

// Issue 33, point 5: orders made by staff win their opportunity; their state moves forward (or is
// cancelled before delivery); `Repetir pedido` opens the next opportunity with a quote at today's prices.

const inDays = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000));

describe.each(engines)("orders on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let clientId: number;
  let itemId: number;

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const current = async () => {
    const [row] = await queryRows<{ id: number; stage: string; title: string; valueCents: string | null }>(
      t.app.db,
      sql`select o.id, o.stage, o.title, o.value_cents::text as "valueCents" from opportunities o
        join clients c on c.opportunity_id = o.id where c.id = ${clientId}`,
    );
    return row;
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    token = (await signIn(t.app, ADMIN)).accessToken;
    expect((await postContact(t.app, contactRequest({ email: "pedidos@fincalaesperanza.ec" }))).statusCode).toBe(201);
    const [client] = await queryRows<{ id: number }>(t.app.db, sql`select id from clients order by id desc limit 1`);
    clientId = client?.id ?? 0;
    const [service] = await queryRows<{ id: number }>(t.app.db, sql`select id from service_types order by id limit 1`);
    const [item] = await t.app.db
      .insert(priceItems)
      .values({
        serviceTypeId: service?.id ?? 0,
        code: "O-RVB-20L",
        size: "20",
        unit: "L",
        listPrice: "150",
        ivaPercent: "15",
      })
      .returning({ id: priceItems.id });
    itemId = item?.id ?? 0;
  });
  afterAll(() => t.close());

  let order: Order;

  it("takes an order by hand: numbered PED-<year>-<n>, Confirmado, its opportunity Ganado for the subtotal", async () => {
    const made = await call("POST", "/api/orders", {
      clientId,
      paymentTerms: "credito_60",
      deliveryOn: inDays(7),
      notes: "Antes de San Valentín",
      lines: [{ priceItemId: itemId, quantity: "4", discountPercent: "5" }],
    });
    expect(made.statusCode).toBe(201);
    order = made.json() as Order;
    expect(order).toMatchObject({ state: "confirmado", subtotal: "570.00", iva: "85.50", total: "655.50" });
    expect(order.number).toMatch(/^PED-\d{4}-\d+$/);
    expect(await current()).toMatchObject({ stage: "ganado", valueCents: "57000" });
    // A first order: the next one is expected in 90 days, its owner reminded 14 days before, at 09:00.
    expect(order.nextOrder).toEqual({
      expectedOn: inDays(90),
      gapDays: 90,
      ordersCounted: 1,
      remindOn: inDays(76),
    });
    const [reminder] = await queryRows<{ title: string; due: string; done: boolean }>(
      t.app.db,
      sql`select title, to_char(due_at at time zone 'America/Guayaquil', 'YYYY-MM-DD"T"HH24:MI') as due,
        done_at is not null as done from tasks where client_id = ${clientId}`,
    );
    expect(reminder).toEqual({
      title: expect.stringMatching(/^Pedido esperado de .+: ofrecer repetir PED-/),
      due: `${inDays(76)}T09:00`,
      done: false,
    });
    const listed = (await call("GET", `/api/orders?clientId=${clientId}`)).json() as { content: { number: string }[] };
    expect(listed.content.map((row) => row.number)).toEqual([order.number]);
  });

  it("moves forward to Despachado and Entregado; a delivered order is never cancelled; a stale version is refused", async () => {
    const shipped = await call("PATCH", `/api/orders/${order.id}`, { state: "despachado", version: order.version });
    expect(shipped.json()).toMatchObject({ state: "despachado", version: order.version + 1 });
    const stale = await call("PATCH", `/api/orders/${order.id}`, { state: "entregado", version: order.version });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { current: Order }).current.state).toBe("despachado");
    const delivered = await call("PATCH", `/api/orders/${order.id}`, {
      state: "entregado",
      version: order.version + 1,
    });
    expect(delivered.json()).toMatchObject({ state: "entregado" });
    const cancelled = await call("PATCH", `/api/orders/${order.id}`, {
      state: "cancelado",
      version: order.version + 2,
    });
    expect(cancelled.statusCode).toBe(409);
    expect((cancelled.json() as { message: string }).message).toBe("Un pedido entregado no pasa a cancelado.");
  });

  it("learns the buyer's rhythm from its orders: a second order 30 days later expects the next in 30", async () => {
    await t.app.db.execute(sql`update orders set created_at = now() - interval '30 days' where id = ${order.id}`);
    const second = await call("POST", "/api/orders", {
      clientId,
      paymentTerms: "contado",
      lines: [{ priceItemId: itemId, quantity: "1" }],
    });
    expect((second.json() as Order).nextOrder).toEqual({
      expectedOn: inDays(30),
      gapDays: 30,
      ordersCounted: 2,
      remindOn: inDays(22),
    });
    // The first reminder is closed: the order it waited for came.
    const reminders = await queryRows<{ done: boolean }>(
      t.app.db,
      sql`select done_at is not null as done from tasks where client_id = ${clientId} order by id`,
    );
    expect(reminders).toEqual([{ done: true }, { done: false }]);
  });

  it("exports orders for the accounting system: one line per order line, Ecuador's time, decimal commas", async () => {
    const csv = await call("GET", "/api/orders/export");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain('"Pedido";"Fecha";"Estado"');
    expect(lines.slice(1).find((line) => line.startsWith(`"${order.number}"`))).toContain('"1";"O-RVB-20L";"');
    expect(lines.slice(1).find((line) => line.startsWith(`"${order.number}"`))).toContain(
      '"4,00";"150,000000";"5,00";"15,00";"570,00";"570,00";"85,50";"655,50"',
    );
    const quotes = await call("GET", "/api/quotes/export");
    expect(quotes.body).toContain('"Número";"Fecha";"Estado"');
  });

  it("puts the money on the dashboard: revenue by month and product, pipeline by stage, days to a first order", async () => {
    const answer = await call("GET", "/api/dashboard");
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const { sales } = answer.json() as {
      sales: {
        pipelineByStage: { stage: string; count: number; valueCents: number }[];
        revenueByMonth: { month: string; valueCents: number; orders: number }[];
        revenueByProduct: { title: string; valueCents: number }[];
        firstOrder: { medianDays: number | null; clients: number };
      };
    };
    // The two orders: 570.00 thirty days ago, 150.00 today (before IVA).
    expect(sales.revenueByMonth.reduce((total, month) => total + month.valueCents, 0)).toBe(72_000);
    expect(sales.revenueByMonth.at(-1)?.valueCents).toBeGreaterThanOrEqual(15_000);
    expect(sales.revenueByProduct).toEqual([expect.objectContaining({ valueCents: 72_000 })]);
    expect(sales.pipelineByStage.find((row) => row.stage === "ganado")).toMatchObject({ count: 1, valueCents: 15_000 });
    expect(sales.firstOrder.clients).toBe(1);
  });

  it("filters the contacts list and the board by company", async () => {
    const [company] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into companies (name) values ('Finca La Esperanza') returning id`,
    );
    expect((await call("POST", `/api/companies/${company?.id}/people`, { clientId })).statusCode).toBe(200);
    const listed = (await call("GET", `/api/client-message?companyId=${company?.id}`)).json() as {
      content: { client: { id: number } }[];
    };
    expect(listed.content.map((group) => group.client.id)).toEqual([clientId]);
    const board = (await call("GET", `/api/board?companyId=${company?.id}`)).json() as {
      columns: { cards: { id: number }[] }[];
    };
    expect(board.columns.flatMap((column) => column.cards.map((card) => card.id))).toEqual([clientId]);
    expect((await call("GET", "/api/client-message?companyId=abc")).statusCode).toBe(400);
  });

  it("Repetir pedido: a new opportunity and a draft quote with the same lines at today's prices", async () => {
    await t.app.db.update(priceItems).set({ listPrice: "160" }).where(eq(priceItems.id, itemId));
    const repeated = await call("POST", `/api/orders/${order.id}/repeat`);
    expect(repeated.statusCode).toBe(201);
    const quote = repeated.json() as Quote;
    expect(quote).toMatchObject({
      state: "borrador",
      paymentTerms: "credito_60",
      deliveryNotes: "Antes de San Valentín",
    });
    expect(quote.lines.map((line) => [line.quantity, line.unitPrice, line.discountPercent])).toEqual([
      ["4.00", "160.000000", "5.00"],
    ]);
    // The contact's current opportunity is the new one, open; the won one keeps its value.
    const next = await current();
    expect(next).toMatchObject({ id: quote.opportunity.id, stage: "nuevo", title: `Repetición de ${order.number}` });
    const [won] = await queryRows<{ stage: string }>(
      t.app.db,
      sql`select stage from opportunities where id = ${order.opportunity.id}`,
    );
    expect(won?.stage).toBe("ganado");
  });
});
