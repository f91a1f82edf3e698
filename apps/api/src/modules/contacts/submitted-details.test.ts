import type { ContactDetail } from "@app/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { contactEmailRenderers } from "./email-renderers.ts";

// Issue 30, item 7: sending the public form again with a known address (another case, a honeypot
// filled, filled in 1 ms) overwrote the stored contact. Now the form never changes a known contact:
// what was typed stays with the message, and staff take it with `Usar estos datos` (decision 040).

const STORED = {
  firstName: "María",
  lastName: "Quishpe",
  email: "maria@rosasdelvalle.ec",
  countryCode: "+593",
  phone: "+593991234567",
  company: "Rosas del Valle",
};
const TYPED = {
  firstName: "Mallory",
  lastName: "Atacante",
  email: "MARIA@RosasDelValle.EC",
  countryCode: "+57",
  phone: "+573001234567",
  company: "Otra Empresa S.A.",
};

describe.each(engines)("a returning sender's details on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, {
      staffNotifyEmail: "ventas@florapro.test",
      contactRateLimit: [{ max: 10_000, windowMs: 60_000 }],
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());
  beforeEach(() => resetContactTables(t.app.db));

  const storedContacts = () =>
    queryRows<Record<string, string>>(
      t.app.db,
      sql`select first_name as "firstName", last_name as "lastName", email, country_code as "countryCode",
                 phone, company from clients`,
    );
  const messages = () =>
    queryRows<{ id: number; review_reasons: string[]; submitted_details: unknown }>(
      t.app.db,
      sql`select id::int as id, review_reasons, submitted_details from client_messages order by id`,
    );
  const useDetails = (messageId: number) =>
    t.app.inject({ method: "POST", url: `/api/client-message/${messageId}/use-details`, headers: bearer(token) });

  it("creates a new client from the form as typed, with nothing kept apart", async () => {
    expect((await postContact(t.app, contactRequest())).statusCode).toBe(201);
    expect(await storedContacts()).toEqual([STORED]);
    expect((await messages()).map((row) => row.submitted_details)).toEqual([null]);
    // The same details again (the address in another case is another detail: not here).
    expect((await postContact(t.app, contactRequest({ message: "Otra consulta" }))).statusCode).toBe(201);
    expect((await messages()).map((row) => row.submitted_details)).toEqual([null, null]);
  });

  it("never changes a known client from the form, not even with a honeypot and a 1 ms fill", async () => {
    await postContact(t.app, contactRequest());
    const attack = await postContact(t.app, contactRequest({ ...TYPED, website: "x", fillTimeMs: 1 }));
    expect(attack.statusCode).toBe(201);
    const listed = await postContact(t.app, contactRequest({ ...TYPED, message: "Soy yo, con otros datos" }));
    expect(listed.statusCode).toBe(201);

    expect(await storedContacts()).toEqual([STORED]);
    const [, review, main] = await messages();
    expect(review).toMatchObject({ review_reasons: ["honeypot", "too_fast"], submitted_details: TYPED });
    expect(main).toMatchObject({ review_reasons: [], submitted_details: TYPED });
  });

  it("keeps the first of two new requests of one address in a batch as the client, the other's details apart", async () => {
    const [first, second] = await Promise.all([
      postContact(t.app, contactRequest(), {}, "198.51.100.1"),
      postContact(t.app, contactRequest({ ...TYPED, message: "Al mismo tiempo" }), {}, "198.51.100.2"),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    const contacts = await storedContacts();
    expect(contacts).toHaveLength(1);
    const details = (await messages()).map((row) => row.submitted_details);
    // Whichever was written first made the contact; the other one's typing is kept with it.
    expect(details.filter((value) => value === null)).toHaveLength(1);
    expect(details).toContainEqual(contacts[0]?.firstName === STORED.firstName ? TYPED : STORED);
  });

  it("shows staff what differs, and Usar estos datos makes it the contact's, audited", async () => {
    await postContact(t.app, contactRequest());
    await postContact(t.app, contactRequest({ ...TYPED, message: "Cambié de empresa" }));
    const [first, second] = await messages();
    if (!first || !second) throw new Error("messages missing");
    const [contact] = await queryRows<{ id: number }>(t.app.db, sql`select id from clients`);
    const detail = (
      await t.app.inject({ url: `/api/clients/${contact?.id}`, headers: bearer(token) })
    ).json() as ContactDetail;
    expect(detail.messages.map((message) => message.submittedDetails)).toEqual([TYPED, null]);

    const used = await useDetails(second.id);
    expect(used.statusCode).toBe(200);
    expect((used.json() as ContactDetail).client).toMatchObject(TYPED);
    expect(await storedContacts()).toEqual([TYPED]);
    const [audit] = await queryRows<{ action: string; details: Record<string, unknown> }>(
      t.app.db,
      sql`select action, details from audit_log where action = 'client_updated'`,
    );
    expect(audit?.details).toMatchObject({
      clientId: contact?.id,
      fromMessageId: second.id,
      fields: ["firstName", "lastName", "email", "countryCode", "phone", "company"],
    });
    // Done twice, nothing more changes; a message without typed details has nothing to use.
    expect((await useDetails(second.id)).statusCode).toBe(200);
    const none = await useDetails(first.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("Ese mensaje no trae datos distintos a los guardados.");
    expect((await useDetails(999_999)).statusCode).toBe(404);
  });

  it("a message kept for review never touches the client, not even once accepted; then staff may use it", async () => {
    await postContact(t.app, contactRequest());
    await postContact(t.app, contactRequest({ ...TYPED, website: "http://spam.example" }));
    const [, review] = await messages();
    if (!review) throw new Error("message missing");
    const refused = await useDetails(review.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Acepta el mensaje antes de usar sus datos.");

    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${review.id}/accept`,
      headers: bearer(token),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ inReview: false, submittedDetails: TYPED });
    expect(await storedContacts()).toEqual([STORED]);

    expect((await useDetails(review.id)).statusCode).toBe(200);
    expect(await storedContacts()).toEqual([TYPED]);
  });

  it("tells the staff what this sender typed, while the client stays as stored", async () => {
    await postContact(t.app, contactRequest());
    await postContact(t.app, contactRequest({ ...TYPED, message: "Segundo mensaje" }));
    const [, second] = await messages();
    const email = await contactEmailRenderers.staff_notification(
      t.app.db,
      {
        id: 1,
        kind: "staff_notification",
        to: "ventas@florapro.test",
        messageId: second?.id,
        attempts: 0,
        messageKey: "k",
      },
      { publicUrl: "https://florapro.test" },
    );
    expect(email.subject).toBe("Nueva solicitud de contacto: Mallory Atacante (Otra Empresa S.A.)");
    expect(email.text).toContain("Correo electrónico: MARIA@RosasDelValle.EC");
  });

  it("forgets the typed details when the contact is anonymised, and hands them over on an access request", async () => {
    await postContact(t.app, contactRequest());
    await postContact(t.app, contactRequest({ ...TYPED, message: "Datos nuevos" }));
    const [contact] = await queryRows<{ id: number }>(t.app.db, sql`select id from clients`);
    const exported = await t.app.inject({ url: `/api/clients/${contact?.id}/data-export`, headers: bearer(token) });
    expect(exported.json().messages.map((message: { submittedDetails: unknown }) => message.submittedDetails)).toEqual([
      null,
      TYPED,
    ]);
    const anonymised = await t.app.inject({
      method: "POST",
      url: `/api/clients/${contact?.id}/anonymise`,
      headers: bearer(token),
    });
    expect(anonymised.statusCode).toBe(200);
    expect((await messages()).map((row) => row.submitted_details)).toEqual([null, null]);
  });
});
