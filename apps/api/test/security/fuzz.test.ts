import fc from "fast-check";
import type { FastifySchema, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteSummary } from "../../src/app.ts";
import { createTestApp, type TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { contactRequest, postContact } from "../contact.ts";
import { engines } from "../database.ts";
import { hostileString, hostileValue, jsonObject, POLLUTING_KEYS } from "./hostile.ts";

// Property-based fuzzing of every API route (the rule: bad input never produces a 5xx). The
// routes come from app.routeSummaries, so a route added later is fuzzed without touching this file.

/** Runs per route; FUZZ_RUNS=1000 for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const GENEROUS = [{ max: 1_000_000, windowMs: 60_000 }];

/** The route list, read from an app built once for the purpose. */
async function registeredRoutes(): Promise<RouteSummary[]> {
  const t = await createTestApp("pglite");
  try {
    return [...t.app.routeSummaries];
  } finally {
    await t.close();
  }
}
const routes = await registeredRoutes();

/** The property names a zod schema of a route declares (body or query), to shape the inputs. */
function declaredKeys(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: object };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** Percent-encodes the UTF-8 bytes of any text, lone surrogates included (encodeURIComponent throws). */
const encode = (text: string) =>
  [...Buffer.from(text, "utf8")]
    .map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16)}`))
    .join("");

/** Text that the URL parser has to cope with: plain, hostile, or broken percent-encoding. */
const urlPart = fc.oneof(
  hostileString.map(encode),
  fc.constantFrom("%", "%E0%A4%A", "%00", "%ff", "..%2f..%2f", "%2e%2e", "a%20b"),
);

/** An id in a path: one that may exist (never 1, the fuzzing administrator's own account), or junk. */
const pathParam = fc.oneof(
  fc.integer({ min: 2, max: 40 }).map(String),
  fc.constantFrom("0", "-1", "1.5", "1e3", "0x10", "2147483648", "99999999999999999999", "null"),
  urlPart,
);

/**
 * A valid body for routes whose bodies are hard to hit at random: the fuzz changes one or two of
 * its fields, so the input passes most checks and reaches the handler and the database. A route
 * without an entry is still fuzzed, with bodies shaped by its schema.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/client": contactRequest(),
  // Wrong passwords on purpose: the fuzz must not change the administrator's own password.
  "POST /api/auth/login": { username: "admin", password: "no-es-la-clave", remember: true },
  "POST /api/auth/password": { currentPassword: "no-es-la-clave", newPassword: "una-clave-nueva-larga" },
  "POST /api/auth/forgot-password": { email: "admin@floraprotect.test" },
  "POST /api/auth/reset-password": { token: "a".repeat(43), newPassword: "una-clave-nueva-larga" },
  "POST /api/users": {
    username: "fuzz.persona",
    displayName: "Persona Fuzz",
    email: "fuzz@floraprotect.test",
    role: "personal",
    password: "una-clave-nueva-larga",
  },
  "PATCH /api/users/:id": { displayName: "Otra Persona", role: "personal", active: true },
  "POST /api/users/:id/password": { password: "una-clave-temporal-larga" },
  "POST /api/client-message/search": { keyword: "rosas", field: "all", page: 0, size: 10, sort: "createdAt,desc" },
  "PATCH /api/client-message/:id": { message: "Nota editada", serviceTypeIds: [1] },
  "POST /api/client-message/:id/status": { status: "rechazado", reason: "Duplicado" },
  "POST /api/client-message/:id/reply": { reply: "Gracias por escribirnos." },
  "POST /api/clients": {
    firstName: "Ana",
    lastName: "Pérez",
    email: "ana@finca.ec",
    countryCode: "+593",
    phone: "991234567",
    company: "Finca",
    message: "Llamó por teléfono",
    serviceTypeIds: [1],
  },
  "PATCH /api/clients/:id": {
    firstName: "Ana",
    lastName: "Pérez",
    email: "ana2@finca.ec",
    countryCode: "+593",
    phone: "991234567",
    company: "Finca",
  },
  "POST /api/clients/:id/messages": { message: "Nota", serviceTypeIds: [1] },
  "POST /api/reply-templates": { name: "Plantilla de prueba", body: "Gracias, {nombre}, por escribir a {empresa}." },
  "PUT /api/reply-templates/:id": { name: "Otra plantilla", body: "Sobre {productos}." },
  "PUT /api/users/me/signature": { jobTitle: "Asesor técnico", phone: "+593 2 236 4100", whatsapp: "+593 99 123 4567" },
};

function mutatedBody(valid: Record<string, unknown>) {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...Object.keys(valid)) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
  );
  const change = fc.record({ key, value: fc.option(hostileValue, { nil: undefined, freq: 8 }) });
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const entries = new Map(Object.entries(valid));
    for (const { key, value } of changes) {
      if (value === undefined) entries.delete(key);
      else entries.set(key, value);
    }
    return jsonObject([...entries]);
  });
}

function bodyArbitrary(route: RouteSummary) {
  const { schema } = route;
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  const keys = declaredKeys(schema?.body);
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.string() },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
    { weight: 1, arbitrary: fc.string() },
  );
  const shaped = fc
    .array(
      fc.tuple(key, fc.oneof(hostileValue, fc.record({ isAdmin: fc.constant(true), polluted: fc.constant("sí") }))),
      { maxLength: Math.max(4, keys.length + 2) },
    )
    .map(jsonObject);
  return fc.oneof(
    { weight: valid ? 6 : 0, arbitrary: valid ? mutatedBody(valid) : shaped },
    { weight: 4, arbitrary: shaped },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[]", "null", '{"a":', `${"[".repeat(3000)}${"]".repeat(3000)}`) },
  );
}

function queryArbitrary(schema: FastifySchema | undefined) {
  const keys = declaredKeys(schema?.querystring);
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), urlPart) : urlPart;
  return fc
    .array(fc.tuple(key, urlPart), { maxLength: 5 })
    .map((pairs) => (pairs.length > 0 ? `?${pairs.map(([name, value]) => `${name}=${value}`).join("&")}` : ""));
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
    ),
  },
);

function requestArbitrary(route: RouteSummary) {
  const params = [...route.url.matchAll(/:(\w+)/g)].map(() => pathParam);
  const hasBody = !["GET", "HEAD"].includes(route.method);
  return fc.record({
    params: fc.tuple(...params),
    query: queryArbitrary(route.schema),
    body: hasBody ? bodyArbitrary(route) : fc.constant(undefined),
    contentType,
  });
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe.each(engines)("fuzzing every API route on %s", (engine) => {
  let t: TestApp;
  let adminToken: string;
  const prototypeBefore = prototypeKeys();
  beforeAll(async () => {
    t = await createAuthTestApp(engine, {
      contactRateLimit: GENEROUS,
      loginRateLimit: GENEROUS,
      loginAccountLimit: GENEROUS,
      refreshRateLimit: GENEROUS,
      passwordResetRateLimit: GENEROUS,
    });
    // Something for the routes with an id to find, edit and delete.
    for (let i = 0; i < 8; i++) await postContact(t.app, contactRequest({ email: `fuzz${i}@finca.ec` }));
  });
  afterAll(() => t.close());

  it("walks a non-trivial number of routes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    "%s answers any input with a status below 500 and stays healthy",
    async (_name, route) => {
      // Each route gets a fresh session: an earlier route's input may have ended the previous one.
      adminToken = route.public ? "" : (await signIn(t.app, ADMIN)).accessToken;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async ({ params, query, body, contentType }) => {
          let index = 0;
          const url = route.url.replace(/:(\w+)/g, () => params[index++] ?? "1") + query;
          const headers: Record<string, string> = adminToken ? bearer(adminToken) : {};
          if (body !== undefined && contentType) headers["content-type"] = contentType;
          const response = await t.app.inject({
            method: route.method as InjectOptions["method"],
            url,
            headers,
            ...(body === undefined ? {} : { payload: body }),
          });
          expect(response.statusCode, `${route.method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(prototypeKeys()).toEqual(prototypeBefore);
    },
    60_000,
  );
});
