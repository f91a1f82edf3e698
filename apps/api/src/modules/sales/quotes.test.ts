import type { Quote } from "@app/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import { queryRows } from "../../db/client.ts";
import { priceItems } from "../../db/schema/index.ts";
import { businessDay } from "../../kernel/business-time.ts";

// Issue 33, point 4: a quote for a lead's opportunity, in exact dollars, numbered without gaps when
// sent, emailed with its PDF into the contact's conversation, and answered from the email's links
// without an account; accepting makes the order and wins the opportunity.

const DAY = 86_400_000;
const inDays = (days: number) => businessDay(new Date(Date.now() + days * DAY));
const year = () => businessDay(new Date()).slice(0, 4);

describe.each(engines)("quotes on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token: string;
  let items: { taxed: number; exempt: number };
  let leads = 0;

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  /**
   * A new lead from the form, for one test alone (CI runs a file's tests in a shuffled order): its
   * contact's id and address.
   */
  const newLead = async () => {
    leads += 1;
    const email = `compras${leads}@rosasdelvalle.ec`;
    expect((await postContact(t.app, contactRequest({ email }))).statusCode).toBe(201);
    const [client] = await queryRows<{ id: number }>(t.app.db, sql`select id from clients where email = ${email}`);
    return { clientId: client?.id ?? 0, email };
  };

  /** Three lines whose cents need rounding: see the totals below. */
  const draft = (clientId: number, extra: object = {}) => ({
    clientId,
    validUntil: inDays(15),
    paymentTerms: "credito_30",
    deliveryNotes: "Entrega en finca, Cayambe",
    lines: [
      { priceItemId: items.taxed, quantity: "3", discountPercent: "10" },
      { priceItemId: items.exempt, quantity: "2,5" },
      { priceItemId: items.taxed, quantity: "3", unitPrice: "0.125" },
    ],
    ...extra,
  });

  /** A mail about quote `number` alone: COT-2026-2 is in COT-2026-20's subject too. */
  const isAbout = (received: { mail: { subject?: string | undefined } }, number: string) =>
    received.mail.subject?.split(" ").includes(number) ?? false;

  const opportunity = async (clientId: number) => {
    const [row] = await queryRows<{ stage: string; valueCents: string | null }>(
      t.app.db,
      sql`select o.stage, o.value_cents::text as "valueCents" from opportunities o
        join clients c on c.opportunity_id = o.id where c.id = ${clientId}`,
    );
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
    const [first, second] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from service_types order by id limit 2`,
    );
    const inserted = await t.app.db
      .insert(priceItems)
      .values([
        { serviceTypeId: first?.id ?? 0, code: "T-RVB-5L", size: "5", unit: "L", listPrice: "42.50", ivaPercent: "15" },
        {
          serviceTypeId: second?.id ?? 0,
          code: "T-CLR-1KG",
          size: "1",
          unit: "kg",
          listPrice: "12.345",
          ivaPercent: "0",
        },
      ])
      .returning({ id: priceItems.id });
    items = { taxed: inserted[0]?.id ?? 0, exempt: inserted[1]?.id ?? 0 };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("makes a draft in exact dollars: each line and IVA per rate rounded half up to the cent", async () => {
    const { clientId } = await newLead();
    const created = await call("POST", "/api/quotes", draft(clientId));
    expect(created.statusCode).toBe(201);
    const quote = created.json() as Quote;
    expect(quote).toMatchObject({ number: null, state: "borrador", paymentTerms: "credito_30", version: 0 });
    // 3 x 42.50 less 10% = 114.75; 2.5 x 12.345 = 30.8625 -> 30.86 (IVA 0); 3 x 0.125 = 0.375 -> 0.38.
    expect(quote.lines.map((line) => [line.quantity, line.unitPrice, line.discountPercent, line.subtotal])).toEqual([
      ["3.00", "42.500000", "10.00", "114.75"],
      ["2.50", "12.345000", "0.00", "30.86"],
      ["3.00", "0.125000", "0.00", "0.38"],
    ]);
    // IVA 15% of 115.13 is 17.2695 -> 17.27 (a float would make it 17.269499...).
    expect(quote).toMatchObject({
      gross: "158.74",
      discount: "12.75",
      subtotal: "145.99",
      iva: "17.27",
      total: "163.26",
    });
    expect(quote.ivaBases).toEqual([
      { ivaPercent: "15.00", base: "115.13", iva: "17.27" },
      { ivaPercent: "0.00", base: "30.86", iva: "0.00" },
    ]);
    expect(quote.lines[0]?.description).toMatch(/ · 5 L$/);
  });

  it("names the field of each bad input, in Spanish, and saves nothing", async () => {
    const { clientId } = await newLead();
    const before = await queryRows<{ count: number }>(t.app.db, sql`select count(*)::int as count from quotes`);
    const cases: [object, string, RegExp][] = [
      [{ lines: [{ priceItemId: items.taxed, quantity: "1.234,5" }] }, "lines.0.quantity", /^Cantidad: /],
      [{ lines: [{ priceItemId: items.taxed, quantity: "0" }] }, "lines.0.quantity", /mayor que cero/],
      [
        { lines: [{ priceItemId: items.taxed, quantity: "1", discountPercent: "120" }] },
        "lines.0.discountPercent",
        /^Descuento: /,
      ],
      [
        { lines: [{ priceItemId: items.taxed, quantity: "1", unitPrice: "-3" }] },
        "lines.0.unitPrice",
        /^Precio unitario: /,
      ],
      [{ lines: [] }, "lines", /al menos una línea/],
      [{ validUntil: inDays(-1) }, "validUntil", /^Válida hasta: /],
      [{ validUntil: "2026-02-30" }, "validUntil", /^Válida hasta: /],
      [{ paymentTerms: "credito_90" }, "paymentTerms", /^Condiciones de pago: /],
      [{ lines: [{ priceItemId: 999_999, quantity: "1" }] }, "lines.0.priceItemId", /catálogo de precios/],
    ];
    for (const [change, path, message] of cases) {
      const refused = await call("POST", "/api/quotes", draft(clientId, change));
      expect(refused.statusCode, path).toBe(400);
      const detail = (refused.json() as { details: { path: string; message: string }[] }).details.find(
        (entry) => entry.path === path,
      );
      expect(detail?.message, path).toMatch(message);
    }
    const after = await queryRows<{ count: number }>(t.app.db, sql`select count(*)::int as count from quotes`);
    expect(after).toEqual(before);
  });

  it("sends it: numbered, Enviada, its opportunity worth its subtotal in Cotización enviada, the PDF by email", async () => {
    const { clientId, email } = await newLead();
    const quote = (await call("POST", "/api/quotes", draft(clientId))).json() as Quote;
    const sent = await call("POST", `/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(sent.statusCode).toBe(200);
    const number = (sent.json() as Quote).number ?? "";
    expect(number).toMatch(new RegExp(`^COT-${year()}-\\d+$`));
    expect(sent.json()).toMatchObject({ state: "enviada" });
    expect(await opportunity(clientId)).toEqual({ stage: "cotizacion", valueCents: "14599" });

    await vi.waitFor(() => expect(smtp.received.some((m) => isAbout(m, number))).toBe(true), {
      timeout: 10_000,
    });
    const mail = smtp.received.find((m) => isAbout(m, number));
    expect(mail?.envelopeTo).toEqual([email]);
    const [pdf] = mail?.mail.attachments ?? [];
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.filename).toBe(`${number}.pdf`);
    expect(pdf?.content.subarray(0, 5).toString()).toBe("%PDF-");
    // In the contact's thread: it answers the confirmation they got when they wrote.
    expect(mail?.mail.inReplyTo).toBeTruthy();
    expect(mail?.mail.html).toContain("Aceptar cotización");
    expect(mail?.mail.html).toContain("Rechazar");

    // A sent quote is no longer edited, and its PDF is the same document.
    expect((await call("PUT", `/api/quotes/${quote.id}`, { ...draft(clientId), version: 1 })).statusCode).toBe(409);
    const download = await call("GET", `/api/quotes/${quote.id}/pdf`);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain(`${number}.pdf`);
  });

  it("numbers quotes sent at the same moment one after another, without gaps or duplicates", async () => {
    const { clientId } = await newLead();
    const drafts = await Promise.all(
      Array.from({ length: 6 }, async () => (await call("POST", "/api/quotes", draft(clientId))).json() as Quote),
    );
    const sent = await Promise.all(drafts.map((quote) => call("POST", `/api/quotes/${quote.id}/send`, { version: 0 })));
    expect(sent.map((answer) => answer.statusCode)).toEqual(sent.map(() => 200));
    const all = await queryRows<{ number: string }>(
      t.app.db,
      sql`select number from quotes where number is not null order by number`,
    );
    const sequence = all.map((row) => Number(row.number.split("-")[2])).sort((a, b) => a - b);
    expect(sequence).toEqual(sequence.map((_, index) => index + 1));
  });

  /** The links of the `nth` email about `number` (the first by default). */
  const linksOf = async (number: string, nth = 1) => {
    await vi.waitFor(() => expect(smtp.received.filter((m) => isAbout(m, number)).length).toBeGreaterThanOrEqual(nth), {
      timeout: 10_000,
    });
    const text = smtp.received.filter((m) => isAbout(m, number)).at(-1)?.mail.text ?? "";
    const links = [...text.matchAll(/https?:\/\/\S+\/cotizacion\/(\S+)/g)].map((match) => match[1] ?? "");
    return { accept: `/cotizacion/${links[0]}`, reject: `/cotizacion/${links[1]}` };
  };

  const sendNew = async (clientId: number) => {
    const quote = (await call("POST", "/api/quotes", draft(clientId))).json() as Quote;
    return (await call("POST", `/api/quotes/${quote.id}/send`, { version: 0 })).json() as Quote;
  };

  it("is accepted from the email without an account: the page asks, the button answers, once", async () => {
    const { clientId } = await newLead();
    const quote = await sendNew(clientId);
    const { accept } = await linksOf(quote.number ?? "");
    const asked = await t.app.inject({ method: "GET", url: accept });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(asked.body).toContain('<button type="submit" class="accept">Aceptar cotización</button>');
    // Opening the link (a mail scanner does) answers nothing.
    expect(((await call("GET", `/api/quotes/${quote.id}`)).json() as Quote).state).toBe("enviada");
    // The dashboard's figures are kept between requests until a change is announced (decision 049).
    const won = async () => {
      const figures = (await call("GET", "/api/dashboard")).json() as {
        sales: { pipelineByStage: { stage: string; count: number }[] };
      };
      return figures.sales.pipelineByStage.find((row) => row.stage === "ganado")?.count ?? 0;
    };
    const wonBefore = await won();

    const answered = await t.app.inject({
      method: "POST",
      url: accept,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toMatch(new RegExp(`PED-${year()}-\\d+`));
    const after = (await call("GET", `/api/quotes/${quote.id}`)).json() as Quote;
    expect(after).toMatchObject({ state: "aceptada", orderId: expect.any(Number) });
    expect(await opportunity(clientId)).toEqual({ stage: "ganado", valueCents: "14599" });
    // The client's answer is announced like a colleague's change: the CRM's screens and figures follow.
    expect(await won()).toBe(wonBefore + 1);
    const [order] = await queryRows<{ number: string; totalCents: string; lines: number }>(
      t.app.db,
      sql`select number, total_cents::text as "totalCents",
        (select count(*)::int from order_lines where order_id = orders.id) as lines
        from orders where quote_id = ${quote.id}`,
    );
    expect(order).toMatchObject({ totalCents: "16326", lines: 3 });

    const again = await t.app.inject({
      method: "POST",
      url: accept,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("ya fue respondida");
  });

  it("refuses a forged, a swapped or a replaced link, and a rejection closes the quote", async () => {
    const quote = await sendNew((await newLead()).clientId);
    const { accept, reject } = await linksOf(quote.number ?? "");
    const forged = `${accept.slice(0, -3)}abc`;
    expect((await t.app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    // The accept link's signature does not stand for a rejection.
    const swapped = accept.replace(".a.", ".r.");
    expect((await t.app.inject({ method: "GET", url: swapped })).statusCode).toBe(404);

    // Sending again retires the first email's links.
    const resent = await call("POST", `/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(resent.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: reject })).statusCode).toBe(404);

    const fresh = await linksOf(quote.number ?? "", 2);
    const rejected = await t.app.inject({
      method: "POST",
      url: fresh.reject,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(rejected.statusCode).toBe(200);
    expect(((await call("GET", `/api/quotes/${quote.id}`)).json() as Quote).state).toBe("rechazada");
  });

  it("goes into the person's data export, and their anonymisation keeps the amounts, not the notes", async () => {
    const { clientId } = await newLead();
    await sendNew(clientId);
    const exported = (await call("GET", `/api/clients/${clientId}/data-export`)).json() as {
      quotes: { number: string | null; total: string; deliveryNotes: string; lines: unknown[] }[];
      orders: { number: string; total: string }[];
    };
    expect(exported.quotes.length).toBeGreaterThan(0);
    expect(exported.quotes[0]).toMatchObject({ total: "163.26", deliveryNotes: "Entrega en finca, Cayambe" });
    expect(exported.quotes[0]?.lines).toHaveLength(3);
    expect(exported.orders).toEqual([]);
    expect((await call("POST", `/api/clients/${clientId}/anonymise`)).statusCode).toBe(200);
    const [after] = await queryRows<{ notes: string; total: string }>(
      t.app.db,
      sql`select delivery_notes as notes, total_cents::text as total from quotes where client_id = ${clientId} limit 1`,
    );
    expect(after).toEqual({ notes: "(anonimizado)", total: "16326" });
  });

  it("lists quotes newest first, by state, to staff; an editor gets none of it", async () => {
    const { clientId } = await newLead();
    await t.app.db.execute(sql`update quotes set state = 'aceptada' where id = ${(await sendNew(clientId)).id}`);
    const listed = (await call("GET", "/api/quotes?state=aceptada")).json() as { content: { state: string }[] };
    expect(listed.content.length).toBeGreaterThan(0);
    expect(listed.content.every((quote) => quote.state === "aceptada")).toBe(true);
    const editor = await createStaff(t.app, token, "editor");
    const editorToken = (await signIn(t.app, editor)).accessToken;
    expect((await call("GET", "/api/quotes", undefined, editorToken)).statusCode).toBe(403);
    expect((await call("POST", "/api/quotes", draft(clientId), editorToken)).statusCode).toBe(403);
  });
});
