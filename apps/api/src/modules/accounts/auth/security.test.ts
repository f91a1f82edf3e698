import { createHmac } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

function decode(token: string) {
  const [header, payload] = token.split(".") as [string, string];
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()),
    payload: JSON.parse(Buffer.from(payload, "base64url").toString()),
  };
}

function hs256(header: unknown, payload: unknown, key: string | Buffer) {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

describe.each(engines)("access control and token attacks on %s", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    admin = await signIn(t.app, ADMIN);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });

  it("issues HS256 tokens with iss, aud, sub, exp, iat, jti and typ, valid 15 minutes", () => {
    const { header, payload } = decode(admin.accessToken);
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    for (const claim of ["iss", "aud", "sub", "exp", "iat", "jti", "typ", "sid"]) expect(payload).toHaveProperty(claim);
    expect(payload.exp - payload.iat).toBe(900);
  });

  it("refuses alg none, another algorithm, a changed payload, a foreign key and an expired token", async () => {
    const { header, payload } = decode(admin.accessToken);
    const [, , signature] = admin.accessToken.split(".");
    const attacks = {
      none: `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`,
      noneWithSignature: `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.${signature}`,
      hs512Header: `${b64({ alg: "HS512", typ: "JWT" })}.${b64(payload)}.${signature}`,
      rs256Header: `${b64({ alg: "RS256", typ: "JWT" })}.${b64(payload)}.${signature}`,
      changedPayload: `${b64(header)}.${b64({ ...payload, sub: "999", role: "administrador" })}.${signature}`,
      foreignKey: hs256(header, payload, "otra-clave-que-no-es-la-del-servidor-0123456789"),
      expired: hs256(header, { ...payload, exp: Math.floor(Date.now() / 1000) - 1 }, "x"),
      garbage: "no.es.un-token",
      empty: "",
    };
    for (const [name, token] of Object.entries(attacks)) {
      const response = await me(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().message, name).toMatch(/sesión|Inicia/);
    }
    const wrongScheme = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { authorization: `Basic ${admin.accessToken}` },
    });
    expect(wrongScheme.statusCode).toBe(401);
  });

  it("answers 401 on every route outside the public list when no token is sent", async () => {
    const publicRoutes = t.app.routeSummaries.filter((route) => route.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        "GET /api/health",
        "HEAD /api/health",
        "GET /api/health/ready",
        "HEAD /api/health/ready",
        "GET /api/service-types",
        "HEAD /api/service-types",
        // What the public pages show (published content only; `npm run dev` renders with it).
        "GET /api/site/published",
        "HEAD /api/site/published",
        "POST /api/client",
        // The contact form's served-at token, for a form drawn without the server's page (decision 046).
        "GET /api/contact-form-token",
        "HEAD /api/contact-form-token",
        // A product's WhatsApp button tapped on the public site: a counter, nothing personal.
        "POST /api/whatsapp-clicks",
        "POST /api/auth/login",
        // The second step of a sign-in carries its own short-lived step token; a passkey alone names its account.
        "POST /api/auth/second-factor",
        "POST /api/auth/second-factor/passkey-options",
        "POST /api/auth/passkey/options",
        "POST /api/auth/passkey",
        "POST /api/auth/refresh-token",
        "POST /api/auth/logout",
        "POST /api/auth/forgot-password",
        "POST /api/auth/reset-password",
        // Its own credential, the pass cookie that POST /api/events/ticket gives for a staff token (decision 029).
        "GET /api/events",
      ].sort(),
    );
    const guarded = t.app.routeSummaries.filter((route) => !route.public);
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, "1");
      const response = await t.app.inject({
        method: route.method as "GET",
        url,
        payload: route.method === "GET" || route.method === "HEAD" ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("keeps administrators' calls from personal staff (403)", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    for (const [method, url] of [
      ["GET", "/api/users"],
      ["POST", "/api/users"],
      ["PATCH", `/api/users/${staff.id}`],
      ["POST", `/api/users/${staff.id}/password`],
      ["GET", "/api/audit-log"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(session.accessToken),
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it("refuses a disabled account's live token at once, and its refresh token", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    expect((await me(session.accessToken)).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${staff.id}`,
      headers: bearer(admin.accessToken),
      payload: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it("presenting a rotated refresh token again revokes the whole family and is audited", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const stolen = await signIn(t.app, staff);
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/refresh-token", payload: { refreshToken } });
    const legit = await refresh(stolen.refreshToken);
    expect(legit.statusCode).toBe(200);
    const next = legit.json();
    // Within the grace a second tab's late refresh is refused without revoking anything.
    const raced = await refresh(stolen.refreshToken);
    expect(raced.statusCode).toBe(401);
    expect(raced.json().error).toBe("Refresh Token Rotated");
    expect((await me(next.accessToken)).statusCode).toBe(200);

    // Later, the same old token is theft: the family dies, the newest tokens too.
    await t.db.database.db.execute(
      // Move the rotation back past the grace period instead of waiting 10 s.
      (await import("drizzle-orm"))
        .sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const replay = await refresh(stolen.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await me(next.accessToken)).statusCode).toBe(401);

    const audit = await t.app.inject({
      method: "GET",
      url: "/api/audit-log?size=100",
      headers: bearer(admin.accessToken),
    });
    const reuse = audit.json().content.find((entry: { action: string }) => entry.action === "refresh_token_reuse");
    expect(reuse).toMatchObject({ actorUsername: staff.username });
  });

  it("an unknown or expired refresh token is a 401 that clears the cookie", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: { cookie: "fp_refresh=inventado", "x-csrf-protection": "1" },
    });
    expect(response.statusCode).toBe(401);
    expect([response.headers["set-cookie"]].flat().join()).toMatch(/fp_refresh=;/);
  });
});

describe("rate limits of sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAuthTestApp("pglite", {
      loginRateLimit: [{ max: 10, windowMs: 60_000 }],
      loginAccountLimit: [{ max: 5, windowMs: 15 * 60_000 }],
    });
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, ip: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password }, remoteAddress: ip });

  it("slows strangers' sign-ins per account across addresses, with Retry-After (devices: lockout.test.ts)", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("admin", "adivinanza", `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt("admin", ADMIN.password, "10.1.0.99");
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(blocked.json().message).toMatch(/Intenta nuevamente en \d+ segundos/);
  });

  it("allows 10 sign-in attempts per minute per address, then 429 with Retry-After", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(`usuario${i}`, "lo-que-sea", "10.2.0.1")).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    const next = await attempt("otro", "lo-que-sea", "10.2.0.1");
    expect(Number(next.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt("otro", "lo-que-sea", "10.2.0.2")).statusCode).toBe(401);
  });
});

describe("logs", () => {
  it("never contain a password, a token or the refresh cookie", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createAuthTestApp("pglite", { logLevel: "trace" }, stream);
    try {
      const session = await signIn(t.app, ADMIN);
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "admin", password: "clave-equivocada-123" },
      });
      await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
      await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        headers: { cookie: session.cookie ?? "", "x-csrf-protection": "1" },
      });
      const log = lines.join("");
      expect(log.length).toBeGreaterThan(1000);
      for (const secret of [ADMIN.password, "clave-equivocada-123", session.accessToken, session.refreshToken]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
