import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { contactRequest, newContactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { contactEmailRenderers } from "./email-renderers.ts";
import { insertContactRequests } from "./intake-repo.ts";

// Issue 30, item 8: the confirmation to the typed address began "Hola <name>:" and quoted the
// message, links included, five times a minute per sender to any address: a relay for anyone's
// words under the supplier's name. Now it says only our words and the catalogue's titles, and an
// address gets at most one a day (decision 045).

const SPAM = "https://spam.example/oferta";

describe.each(engines)("the sender's confirmation email on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      staffNotifyEmail: "ventas@florapro.test",
      contactRateLimit: [{ max: 10_000, windowMs: 60_000 }],
    });
  });
  afterAll(() => t.close());
  beforeEach(() => resetContactTables(t.app.db));

  const outbox = () =>
    queryRows<{ id: number; kind: string; to_address: string; message_id: number }>(
      t.app.db,
      sql`select id::int as id, kind, to_address, message_id::int as message_id from email_outbox order by id`,
    );
  const confirmations = async () => (await outbox()).filter((email) => email.kind === "contact_confirmation");
  const render = async (email: { id: number; kind: string; to_address: string; message_id: number }) =>
    contactEmailRenderers.contact_confirmation(
      t.app.db,
      {
        id: email.id,
        kind: "contact_confirmation",
        to: email.to_address,
        messageId: email.message_id,
        attempts: 0,
        messageKey: "k",
      },
      { publicUrl: "https://florapro.test" },
    );

  it("says none of the visitor's words: no name, no message, no link; only our words and the titles asked about", async () => {
    const response = await postContact(
      t.app,
      contactRequest({
        firstName: "Gana dinero en spam.example",
        lastName: "Visita",
        company: `Empresa ${SPAM}`,
        message: `Haz clic aquí: ${SPAM} y <a href="${SPAM}">aquí</a>`,
        serviceList: "Danisaraba, Sea Freight Service",
      }),
    );
    expect(response.statusCode).toBe(201);
    const [confirmation] = await confirmations();
    if (!confirmation) throw new Error("no confirmation queued");
    const email = await render(confirmation);
    for (const part of [email.subject, email.text, email.html]) {
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("Gana dinero");
      expect(part).not.toContain("Visita");
      expect(part).not.toContain("Haz clic");
    }
    expect(email.text).toMatch(/^Hola:\n/);
    expect(email.text).toContain("Nos pediste información sobre: Danisaraba, Sea Freight Service.");
    expect(email.html).toContain("Danisaraba, Sea Freight Service");
    // The only links are ours.
    expect([...email.html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href)).toEqual([
      "https://florapro.test/privacidad",
    ]);
  });

  it("queues one confirmation for twenty requests at once to one address, in any case; every message is kept", async () => {
    const cases = ["visita@finca.ec", "VISITA@finca.ec", "Visita@Finca.EC"];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        postContact(
          t.app,
          contactRequest({ email: cases[n % cases.length], message: `Mensaje número ${n}` }),
          {},
          `198.51.100.${n + 1}`,
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      t.app.db,
      sql`select count(*)::int as count from client_messages`,
    );
    expect(count).toBe(20);
    const emails = await outbox();
    expect(emails.filter((email) => email.kind === "staff_notification")).toHaveLength(20);
    expect(await confirmations()).toHaveLength(1);
  });

  it("claims one confirmation for twenty statements at once (as from several instances on one database)", async () => {
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        insertContactRequests(t.app.db, [
          newContactRequest(n, {
            email: n % 2 ? "carrera@finca.ec" : "CARRERA@finca.ec",
            emails: [{ kind: "contact_confirmation", to: n % 2 ? "carrera@finca.ec" : "CARRERA@finca.ec" }],
          }),
        ]),
      ),
    );
    expect(stored.flat().every((id) => typeof id === "number")).toBe(true);
    expect(await confirmations()).toHaveLength(1);
  });

  it("confirms an address once a day: not again within 24 hours, again after", async () => {
    await postContact(t.app, contactRequest({ message: "Primero" }));
    await postContact(t.app, contactRequest({ email: "MARIA@rosasdelvalle.ec", message: "Segundo" }));
    await postContact(t.app, contactRequest({ email: "otra@finca.ec", message: "Otra persona" }));
    expect((await confirmations()).map((email) => email.to_address)).toEqual([
      "maria@rosasdelvalle.ec",
      "otra@finca.ec",
    ]);
    // A day later (the claim moved back 24 hours): confirmed again, once.
    await t.app.db.execute(sql`update contact_confirmations set queued_at = queued_at - interval '24 hours'`);
    await postContact(t.app, contactRequest({ message: "Al día siguiente" }));
    await postContact(t.app, contactRequest({ message: "Y otra vez" }));
    expect((await confirmations()).map((email) => email.to_address)).toEqual([
      "maria@rosasdelvalle.ec",
      "otra@finca.ec",
      "maria@rosasdelvalle.ec",
    ]);
  });

  it("keeps no address in the table of confirmations, only its digest", async () => {
    await postContact(t.app, contactRequest());
    const rows = await queryRows<{ address_key: string }>(t.app.db, sql`select address_key from contact_confirmations`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.address_key).toMatch(/^[0-9a-f]{64}$/);
  });
});
