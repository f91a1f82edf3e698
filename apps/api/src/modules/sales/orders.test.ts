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
// cancelled before delivery); `Repetir pedido` opens the next opportunity with a quote at today's
// prices; the next order is expected from the buyer's own rhythm. Each test has its own buyer (CI
// runs a file's tests in a shuffled order).

const inDays = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000));

describe.each(engines)("orders on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let serviceTypeId: number;
  let itemId: number;
  let buyers = 0;

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const current = async (clientId: number) => {
    const [row] = await queryRows<{ id: number; stage: string; title: string; valueCents: string | null }>(
      t.app.db,
      sql`select o.id, o.stage, o.title, o.value_cents::text as "valueCents" from opportunities o
        join clients c on c.opportunity_id = o.id where c.id = ${clientId}`,
    );
    return row;
  };
  const newPresentation = async (code: string, listPrice: string) => {
    const [item] = await t.app.db
      .insert(priceItems)
      .values({ serviceTypeId, code, size: "20", unit: "L", listPrice, ivaPercent: "15" })
      .returning({ id: priceItems.id });
    return item?.id ?? 0;
  };
  /** A new buyer from the form: the contact's id. */
  const newBuyer = async () => {
    buyers += 1;
    const email = `pedidos${buyers}@fincalaesperanza.ec`;
    expect((await postContact(t.app, contactRequest({ email }))).statusCode).toBe(201);
    const [client] = await queryRows<{ id: number }>(t.app.db, sql`select id from clients where email = ${email}`);
    return client?.id ?? 0;
  };
  /** 4 x 150.00 less 5%: 570.00 before IVA, 655.50 with it. */
  const orderFor = async (clientId: number, extra: object = {}) => {
    const made = await call("POST", "/api/orders", {
      clientId,
      paymentTerms: "credito_60",
      deliveryOn: inDays(7),
      notes: "Antes de San Valentín",
      lines: [{ priceItemId: itemId, quantity: "4", discountPercent: "5" }],
      ...extra,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as Order;
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
    const [service] = await queryRows<{ id: number }>(t.app.db, sql`select id from service_types order by id limit 1`);
    serviceTypeId = service?.id ?? 0;
    itemId = await newPresentation("O-RVB-20L", "150");
  });
  afterAll(() => t.close());

  it("takes an order by hand: numbered PED-<year>-<n>, Confirmado, its opportunity Ganado for the subtotal", async () => {
    const clientId = await newBuyer();
    const order = await orderFor(clientId);
    expect(order).toMatchObject({ state: "confirmado", subtotal: "570.00", iva: "85.50", total: "655.50" });
    expect(order.number).toMatch(/^PED-\d{4}-\d+$/);
    expect(await current(clientId)).toMatchObject({ stage: "ganado", valueCents: "57000" });
    // A first order: the next one is expected in 90 days, its owner reminded 14 days before, at 09:00.
    expect(order.nextOrder).toEqual({ expectedOn: inDays(90), gapDays: 90, ordersCounted: 1, remindOn: inDays(76) });
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
    const buyer = await newBuyer();
    const order = await orderFor(buyer);
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
    // `Auditoría` names the client an order is for, as it does for their quotes.
    const audit = (await call("GET", "/api/audit-log?size=100&category=ventas")).json() as {
      content: { action: string; client: { id: number } | null; summary: string | null }[];
    };
    const entries = audit.content.filter((entry) => entry.summary?.startsWith(order.number));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["order_changed", "order_changed", "order_created"]);
    for (const entry of entries) expect(entry.client?.id).toBe(buyer);
    const cancelled = await call("PATCH", `/api/orders/${order.id}`, {
      state: "cancelado",
      version: order.version + 2,
    });
    expect(cancelled.statusCode).toBe(409);
    expect((cancelled.json() as { message: string }).message).toBe("Un pedido entregado no pasa a cancelado.");
  });

  it("learns the buyer's rhythm from its orders: a second order 30 days later expects the next in 30", async () => {
    const clientId = await newBuyer();
    const first = await orderFor(clientId);
    await t.app.db.execute(sql`update orders set created_at = now() - interval '30 days' where id = ${first.id}`);
    const second = await orderFor(clientId, {
      paymentTerms: "contado",
      lines: [{ priceItemId: itemId, quantity: "1" }],
    });
    expect(second.nextOrder).toEqual({ expectedOn: inDays(30), gapDays: 30, ordersCounted: 2, remindOn: inDays(22) });
    // The first reminder is closed: the order it waited for came.
    const reminders = await queryRows<{ done: boolean }>(
      t.app.db,
      sql`select done_at is not null as done from tasks where client_id = ${clientId} order by id`,
    );
    expect(reminders).toEqual([{ done: true }, { done: false }]);
  });

  it("forgets a cancelled order: the next one is expected again from the orders left, or not at all", async () => {
    const clientId = await newBuyer();
    const first = await orderFor(clientId);
    await t.app.db.execute(sql`update orders set created_at = now() - interval '30 days' where id = ${first.id}`);
    const second = await orderFor(clientId);
    expect(second.nextOrder).toMatchObject({ gapDays: 30, ordersCounted: 2 });
    const reminders = () =>
      queryRows<{ due: string; done: boolean }>(
        t.app.db,
        sql`select to_char(due_at at time zone 'America/Guayaquil', 'YYYY-MM-DD') as due, done_at is not null as done
          from tasks where client_id = ${clientId} order by id`,
      );

    const cancel = async (order: Order) => {
      const response = await call("PATCH", `/api/orders/${order.id}`, { state: "cancelado", version: order.version });
      expect(response.statusCode, response.body).toBe(200);
    };
    await cancel(second);
    // Only the first order counts: 90 days after it, reminded 14 days before (30 days ago + 76).
    expect((await call("GET", `/api/orders/${first.id}`)).json()).toMatchObject({
      nextOrder: { expectedOn: inDays(60), gapDays: 90, ordersCounted: 1, remindOn: inDays(46) },
    });
    expect(await reminders()).toEqual([
      { due: expect.any(String), done: true },
      { due: expect.any(String), done: true },
      { due: inDays(46), done: false },
    ]);

    await cancel((await call("GET", `/api/orders/${first.id}`)).json() as Order);
    expect((await call("GET", `/api/orders/${first.id}`)).json()).toMatchObject({ nextOrder: null });
    expect((await reminders()).every((task) => task.done)).toBe(true);
  });

  it("exports orders for the accounting system: one line per order line, Ecuador's time, decimal commas", async () => {
    const order = await orderFor(await newBuyer());
    const csv = await call("GET", "/api/orders/export");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain('"Pedido";"Fecha";"Estado"');
    const line = lines.slice(1).find((row) => row.startsWith(`"${order.number}"`));
    expect(line).toContain('"1";"O-RVB-20L";"');
    expect(line).toContain('"4,00";"150,000000";"5,00";"15,00";"570,00";"570,00";"85,50";"655,50"');
    const quotes = await call("GET", "/api/quotes/export");
    expect(quotes.body).toContain('"Número";"Fecha";"Estado"');
  });

  it("puts the money on the dashboard: revenue by month and product, pipeline by stage, days to a first order", async () => {
    type Sales = {
      pipelineByStage: { stage: string; count: number; valueCents: number }[];
      revenueByMonth: { month: string; valueCents: number; orders: number }[];
      revenueByProduct: { serviceTypeId: number; valueCents: number }[];
      firstOrder: { medianDays: number | null; clients: number };
    };
    const sales = async () => {
      const answer = await call("GET", "/api/dashboard");
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      return (answer.json() as { sales: Sales }).sales;
    };
    const revenue = (figures: Sales) => figures.revenueByMonth.reduce((sum, month) => sum + month.valueCents, 0);
    const product = (figures: Sales) =>
      figures.revenueByProduct.find((row) => row.serviceTypeId === serviceTypeId)?.valueCents ?? 0;
    const won = (figures: Sales) => figures.pipelineByStage.find((row) => row.stage === "ganado");
    const before = await sales();
    await orderFor(await newBuyer());
    // The order's live event makes the counted figures stale; 570.00 before IVA more.
    const after = await sales();
    expect(revenue(after) - revenue(before)).toBe(57_000);
    expect(product(after) - product(before)).toBe(57_000);
    expect(after.revenueByMonth.at(-1)?.valueCents).toBeGreaterThanOrEqual(57_000);
    expect((won(after)?.count ?? 0) - (won(before)?.count ?? 0)).toBe(1);
    expect(after.firstOrder.clients - before.firstOrder.clients).toBe(1);
  });

  it("filters the contacts list and the board by company", async () => {
    const clientId = await newBuyer();
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
      columns: { cards: { clientId: number }[] }[];
    };
    expect(board.columns.flatMap((column) => column.cards.map((card) => card.clientId))).toEqual([clientId]);
    expect((await call("GET", "/api/client-message?companyId=abc")).statusCode).toBe(400);
  });

  it("Repetir pedido: a new opportunity and a draft quote with the same lines at today's prices", async () => {
    const clientId = await newBuyer();
    const repeatItem = await newPresentation("O-REPEAT-20L", "150");
    const order = await orderFor(clientId, {
      lines: [{ priceItemId: repeatItem, quantity: "4", discountPercent: "5" }],
    });
    await t.app.db.update(priceItems).set({ listPrice: "160" }).where(eq(priceItems.id, repeatItem));
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
    expect(await current(clientId)).toMatchObject({
      id: quote.opportunity.id,
      stage: "nuevo",
      title: `Repetición de ${order.number}`,
    });
    const [won] = await queryRows<{ stage: string }>(
      t.app.db,
      sql`select stage from opportunities where id = ${order.opportunity.id}`,
    );
    expect(won?.stage).toBe("ganado");
  });
});
