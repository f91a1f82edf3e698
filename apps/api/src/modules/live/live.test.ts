import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, bearer, createReadyStaff, type LoggedIn, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { dataOf, livePass, openEventStream, type SseFrame, type SseReader } from "../../../test/sse.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { setSecondFactorRequired } from "../accounts/second-factor/repo.ts";
import { ensureFirstAdmin } from "../accounts/users/first-admin.ts";
import { LocalEventBus } from "./event-bus.ts";
import { EventStream } from "./event-stream.ts";
import { LiveHub } from "./live-hub.ts";

// The CRM's live updates over real HTTP (the stream is read as a browser reads it): who may open
// it, what it says and when, and when it ends. Two instances: test/live-two-instances.test.ts.

const isEvent = (kind: string) => (frame: SseFrame) => frame.event === kind;
let counter = 0;
const uniqueLead = () => {
  counter += 1;
  return contactRequest({ email: `vivo${counter}-${Date.now()}@finca.ec`, firstName: "Ana", lastName: "Pérez" });
};

describe.each(engines)("live events on %s", (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let admin: LoggedIn;

  const call = async (method: "GET" | "POST" | "PATCH", url: string, token: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown> & { [key: string]: unknown };
  };
  const streamAs = async (session: LoggedIn, lastEventId?: string) => {
    const { cookie } = await livePass(app, session.accessToken);
    return openEventStream(base, { cookie, ...(lastEventId ? { lastEventId } : {}) });
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const config = {
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }),
      admin: { username: ADMIN.username, password: ADMIN.password, email: "admin@floraprotect.test" },
      loginRateLimit: [{ max: 10_000, windowMs: 60_000 }],
      contactRateLimit: [{ max: 10_000, windowMs: 60_000 }],
      // Small enough to reach in a test; the other tests keep a few streams open at most.
      liveStreamsMax: 30,
    };
    app = await buildApp({
      config,
      database: testDb.database,
      liveTimings: { heartbeatMs: 300, recheckMs: 400, eventCheckMs: 1000 },
    });
    await ensureFirstAdmin(app.db, app.config);
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await signIn(app, ADMIN);
  });

  afterAll(async () => {
    if (app) {
      // fetch may have opened a connection it never used; such a one would hold close() for a minute.
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
    }
    await testDb?.drop();
  });

  it("opens only with a pass traded for a staff token (401 otherwise), kept in a narrow HttpOnly cookie", async () => {
    for (const cookie of [undefined, "fp_live=no-es-un-pase", `fp_live=${admin.accessToken}`]) {
      const refused = await openEventStream(base, { cookie });
      expect(refused.status, cookie).toBe(401);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    }
    const noToken = await app.inject({ method: "POST", url: "/api/events/ticket" });
    expect(noToken.statusCode).toBe(401);
    const pass = await livePass(app, admin.accessToken);
    expect(pass.setCookie).toMatch(/HttpOnly/i);
    expect(pass.setCookie).toMatch(/SameSite=Strict/i);
    expect(pass.setCookie).toMatch(/Path=\/api\/events(;|$)/);
    // A pass is not an access token either.
    const asToken = await app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: bearer(pass.cookie.slice("fp_live=".length)),
    });
    expect(asToken.statusCode).toBe(401);
  });

  it("tells of a new lead within 2 s, with ids only, never the person's details", async () => {
    const stream = await streamAs(admin);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers.get("cache-control")).toContain("no-store");
      expect((await stream.next((frame) => frame.retry !== undefined)).retry).toBe("3000");
      const posted = Date.now();
      expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
      const frame = await stream.next(isEvent("lead_created"));
      expect(Date.now() - posted).toBeLessThan(2000);
      expect(frame.id).toMatch(/^[0-9a-f]{8}\.\d+$/);
      const data = dataOf(frame);
      expect(Object.keys(data).sort()).toEqual(["at", "kind", "messageId"]);
      expect(frame.data).not.toMatch(/Ana|Pérez|finca\.ec/);
    } finally {
      stream.close();
    }
  });

  it("tells of a reply and of an owner change, naming the new owner, to every staff member", async () => {
    expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
    const list = await call("GET", "/api/client-message?page=0&size=1&sort=createdAt,desc", admin.accessToken);
    const group = (list.content as { client: { id: number }; messages: { id: number }[] }[])[0];
    if (!group?.messages[0]) throw new Error("no contact listed");
    const clientId = group.client.id;
    const messageId = group.messages[0].id;
    const staff = await createReadyStaff(app, admin.accessToken);
    const seller = await signIn(app, staff);
    const adminStream = await streamAs(admin);
    const sellerStream = await streamAs(seller);
    try {
      await call("POST", `/api/client-message/${messageId}/reply`, admin.accessToken, {
        reply: "Con gusto le cotizamos.",
      });
      for (const stream of [adminStream, sellerStream]) {
        const replied = dataOf(await stream.next(isEvent("message_replied")));
        expect(replied).toMatchObject({ clientId, messageId, actorId: admin.user.id });
      }
      const detail = await call("GET", `/api/clients/${clientId}`, admin.accessToken);
      const { version } = detail.pipeline as { version: number };
      await call("PATCH", `/api/clients/${clientId}/owner`, admin.accessToken, { ownerId: staff.id, version });
      const assigned = dataOf(await sellerStream.next(isEvent("owner_changed")));
      expect(assigned).toMatchObject({ clientId, ownerId: staff.id, actorId: admin.user.id });
    } finally {
      adminStream.close();
      sellerStream.close();
    }
  });

  it("keeps a quiet stream alive with heartbeat comments", async () => {
    const stream = await streamAs(admin);
    try {
      const beat = await stream.next((frame) => frame.comments.includes("ping"), 2000);
      expect(beat.event).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it("ends the stream of an account that is disabled, and of a session that signs out", async () => {
    const staff = await createReadyStaff(app, admin.accessToken);
    const disabled = await streamAs(await signIn(app, staff));
    const leaving = await signIn(app, await createReadyStaff(app, admin.accessToken));
    const signedOut = await streamAs(leaving);
    try {
      await call("PATCH", `/api/users/${staff.id}`, admin.accessToken, { active: false });
      const out = await app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: leaving.cookie ?? "", "x-csrf-protection": "1" },
      });
      expect(out.statusCode).toBe(204);
      for (const stream of [disabled, signedOut]) {
        expect(dataOf(await stream.next(isEvent("end")))).toEqual({ reason: "session" });
        await stream.waitEnd();
      }
      // Nothing after the end, and no new stream for that session either.
      expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
      expect(disabled.frames.some(isEvent("lead_created"))).toBe(false);
    } finally {
      disabled.close();
      signedOut.close();
    }
  });

  it("refuses a pass taken before `Exigir segundo factor` to an account that must now enrol, and ends its stream", async () => {
    const staff = await signIn(app, await createReadyStaff(app, admin.accessToken));
    const open = await streamAs(staff);
    const earlier = await livePass(app, staff.accessToken);
    // As `Exigir segundo factor` stores it (its route is tested in second-factor/): the
    // administrator has no factor either, and could not switch it off again through the API.
    const requireSecondFactor = (required: boolean) => setSecondFactorRequired(app.db, required, admin.user.id);
    try {
      expect(open.status).toBe(200);
      await requireSecondFactor(true);
      const refused = await openEventStream(base, { cookie: earlier.cookie });
      expect(refused.status).toBe(401);
      expect(dataOf(await open.next(isEvent("end")))).toEqual({ reason: "session" });
      await open.waitEnd();
    } finally {
      open.close();
      await requireSecondFactor(false);
    }
  });

  it("ends the stream of an account whose role no longer reaches the CRM", async () => {
    const staff = await createReadyStaff(app, admin.accessToken);
    const open = await streamAs(await signIn(app, staff));
    try {
      expect(open.status).toBe(200);
      await call("PATCH", `/api/users/${staff.id}`, admin.accessToken, { role: "editor" });
      expect(dataOf(await open.next(isEvent("end")))).toEqual({ reason: "session" });
    } finally {
      open.close();
    }
  });

  it("bounds open streams per account across its sessions (429) and per instance (503)", async () => {
    const staff = await createReadyStaff(app, admin.accessToken);
    const sessions = [await signIn(app, staff), await signIn(app, staff)];
    const opened: SseReader[] = [];
    try {
      for (let index = 0; index < 20; index += 1) opened.push(await streamAs(sessions[index % 2] as LoggedIn));
      expect(opened.map((stream) => stream.status)).toEqual(Array(20).fill(200));
      // Twenty tabs are the account's, whichever session (browser) opens the next one.
      for (const session of [...sessions, await signIn(app, staff)]) {
        const refused = await streamAs(session);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(JSON.parse(refused.body).message).toMatch(/pestañas/);
      }
      // Another account fills the instance (30 in this app): the next one is told to come back.
      const other = await signIn(app, await createReadyStaff(app, admin.accessToken));
      for (let index = 0; index < 10; index += 1) opened.push(await streamAs(other));
      expect(opened.every((stream) => stream.status === 200)).toBe(true);
      const full = await streamAs(admin);
      expect(full.status).toBe(503);
      expect(Number(full.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(full.body).message).toMatch(/Intenta nuevamente/);
      // A stream that ends frees its place.
      opened.pop()?.close();
      await vi.waitFor(
        async () => {
          const again = await streamAs(admin);
          again.close();
          expect(again.status).toBe(200);
        },
        { timeout: 3000, interval: 100 },
      );
    } finally {
      for (const stream of opened) stream.close();
    }
  });

  it("resumes from Last-Event-ID with what was missed, and never from before the session's token", async () => {
    const first = await streamAs(admin);
    let lastSeen: string;
    try {
      expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
      lastSeen = (await first.next(isEvent("lead_created"))).id ?? "";
    } finally {
      first.close();
    }
    expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
    expect((await postContact(app, uniqueLead())).statusCode).toBe(201);
    const resumed = await streamAs(admin, lastSeen);
    const foreign = await streamAs(admin, "deadbeef.1");
    try {
      await vi.waitFor(() => expect(resumed.frames.filter(isEvent("lead_created"))).toHaveLength(2), { timeout: 2000 });
      expect(resumed.frames.some(isEvent("resync"))).toBe(false);
      await foreign.next(isEvent("resync"));
    } finally {
      resumed.close();
      foreign.close();
    }
    // A token issued after those events (a new sign-in) does not get them replayed: reload instead.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await streamAs(await signIn(app, ADMIN), lastSeen);
    try {
      await later.next(isEvent("resync"));
      expect(later.frames.some(isEvent("lead_created"))).toBe(false);
    } finally {
      later.close();
    }
  });
});

describe("an event stream's connection", () => {
  /** The parts of a ServerResponse the stream uses. */
  function fakeResponse() {
    const written: string[] = [];
    const raw = Object.assign(new EventEmitter(), {
      writableEnded: false,
      write(text: string) {
        written.push(text);
        return true;
      },
      end() {
        raw.writableEnded = true;
        raw.emit("close");
      },
    });
    return { raw, written };
  }

  it("leaves no listener or timer behind once the client is gone", async () => {
    const bus = new LocalEventBus();
    const hub = new LiveHub(bus);
    const { raw, written } = fakeResponse();
    let ended = 0;
    new EventStream({
      raw: raw as unknown as ServerResponse,
      hub,
      timings: { heartbeatMs: 10, recheckMs: 10, eventCheckMs: 10 },
      until: new Date(Date.now() + 60_000),
      stillAllowed: async () => true,
      onEnd: () => {
        ended += 1;
      },
    });
    expect(hub.size).toBe(1);
    raw.emit("close");
    expect(hub.size).toBe(0);
    expect(ended).toBe(1);
    const count = written.length;
    bus.publish({ kind: "lead_created", messageId: 1, at: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written.length).toBe(count);
  });
});
