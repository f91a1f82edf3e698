import type { OutgoingHttpHeaders } from "node:http";
import { apiErrorSchema } from "@app/shared";
import { CRM_ROLES, type StaffRole } from "@app/shared/constants";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../../plugins/error-handler.ts";
import { loadPrincipal, verifyAccessToken } from "../accounts/index.ts";
import { type EventBus, LocalEventBus, PostgresEventBus } from "./event-bus.ts";
import { EventStream, type StreamTimings } from "./event-stream.ts";
import { announceChange, attachLivePublisher } from "./live-event.ts";
import { LiveHub } from "./live-hub.ts";
import { issuePass, type LivePass, passCookieOf, setPassCookie, verifyPass } from "./live-pass.ts";

export type LiveOptions = { secret: Buffer; timings?: Partial<StreamTimings> };

const DEFAULT_TIMINGS: StreamTimings = { heartbeatMs: 25_000, recheckMs: 60_000, eventCheckMs: 5_000 };
/** Open streams of one account on one instance, all its sessions together: its tabs, with room to spare. */
const STREAMS_PER_ACCOUNT = 20;
/** How long a refused page waits before it asks again (its own backoff may wait longer). */
const RETRY_AFTER_SECONDS = "30";
/** Same policy as every JSON answer (plugins/security-headers.ts): nothing to load or frame here. */
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";
const EVENT_ID = /^[0-9a-f]{8}\.\d{1,15}$/;

const unauthorized = (reply: FastifyReply, message = "Tu sesión no es válida o expiró. Inicia sesión nuevamente.") =>
  reply.code(401).send(errorBody(401, message));

/**
 * Live updates for the CRM (docs/decisions/029): `POST /api/events/ticket` trades the staff access
 * token for the stream's pass (a cookie), `GET /api/events` is the server-sent event stream. The bus
 * is in-process on PGlite and PostgreSQL LISTEN/NOTIFY with DATABASE_URL, so every instance's
 * streams hear every instance's writes.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveOptions> = async (app, { secret, timings: given }) => {
  const timings = { ...DEFAULT_TIMINGS, ...given };
  const { databaseUrl, cookieSecure } = app.config;
  let bus: EventBus;
  if (databaseUrl) {
    const postgres = new PostgresEventBus(databaseUrl, app.db, app.log.child({ component: "live" }));
    await postgres.start();
    bus = postgres;
  } else {
    bus = new LocalEventBus();
  }
  const hub = new LiveHub(bus);
  const detach = attachLivePublisher(app.db, bus);
  const unwatch = bus.subscribe(() => announceChange(app.db));
  /** The open streams of this instance and whose they are. */
  const streams = new Map<EventStream, { userId: number; sessionId: string }>();

  // Open streams would keep the server from closing (SIGTERM): they end first, and the pages
  // reconnect after a pause, to another instance behind a load balancer.
  app.addHook("preClose", async () => {
    for (const stream of [...streams.keys()]) stream.end("restart");
  });
  app.addHook("onClose", async () => {
    detach();
    unwatch();
    hub.close();
    await bus.close();
  });

  /**
   * Whether the pass's session may still see events: the same rules as the auth guard's for a CRM
   * call. So a pass taken before `Exigir segundo factor` opens nothing for an account that must now
   * enrol, and its open stream ends at its next check.
   */
  const sessionAllows = async (pass: LivePass) => {
    const row = await loadPrincipal(app.db, pass.userId, pass.sessionId);
    if (!row?.active || row.sessionId === null || row.mustChangePassword || row.mustAddSecondFactor) return false;
    if (!(CRM_ROLES as readonly StaffRole[]).includes(row.role)) return false;
    return Math.floor(pass.authAt.getTime() / 1000) >= Math.floor(row.tokensValidAfter.getTime() / 1000);
  };

  app.post(
    "/events/ticket",
    {
      schema: {
        description: "Pase del flujo de eventos en vivo (cookie), válido mientras lo sea el token de acceso.",
        response: { 200: z.object({ until: z.iso.datetime() }), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The guard let the request through, so the header holds a valid access token.
      const header = request.headers.authorization ?? "";
      const claims = await verifyAccessToken(header.slice(7).trim(), secret);
      if (!claims) return unauthorized(reply);
      const pass = await issuePass(claims, secret);
      if (pass.until.getTime() <= Date.now() + 1000) return unauthorized(reply, "Tu sesión está por expirar.");
      setPassCookie(reply, pass, cookieSecure);
      reply.header("cache-control", "no-store");
      return { until: pass.until.toISOString() };
    },
  );

  app.get(
    "/events",
    {
      // Its own credential: the pass cookie (EventSource cannot send an Authorization header).
      config: { public: true },
      exposeHeadRoute: false,
      schema: {
        description:
          "Eventos en vivo del CRM (text/event-stream). Requiere la cookie de POST /api/events/ticket; lastEventId reanuda.",
        querystring: z.object({ lastEventId: z.string().max(40).optional() }),
        response: { 401: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = passCookieOf(request);
      const pass = token ? await verifyPass(token, secret) : undefined;
      if (!pass) return unauthorized(reply, "Inicia sesión para continuar.");
      if (!(await sessionAllows(pass))) return unauthorized(reply);
      // Counted and added with no wait in between, so two requests at once cannot both take the last place.
      const open = [...streams.values()];
      if (open.filter((owner) => owner.userId === pass.userId).length >= STREAMS_PER_ACCOUNT) {
        return reply
          .code(429)
          .header("retry-after", RETRY_AFTER_SECONDS)
          .send(errorBody(429, "Demasiadas pestañas abiertas."));
      }
      if (open.length >= app.config.liveStreamsMax) {
        // Full here: the page tries again after a pause, perhaps on another instance.
        return reply
          .code(503)
          .header("retry-after", RETRY_AFTER_SECONDS)
          .send(
            errorBody(503, "Hay demasiadas conexiones en vivo en este momento. Intenta nuevamente en unos segundos."),
          );
      }

      reply.hijack();
      const { raw } = reply;
      raw.writeHead(200, {
        // What the hooks set so far (request id, security headers): hijacking skips Fastify's sending.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        "content-security-policy": API_CSP,
        // nginx and similar proxies would otherwise hold the events back in their buffers.
        "x-accel-buffering": "no",
        connection: "close",
      });
      request.raw.socket.setNoDelay(true);
      const stream = new EventStream({
        raw,
        hub,
        timings,
        until: pass.until,
        stillAllowed: () => sessionAllows(pass),
        onEnd: () => streams.delete(stream),
      });
      streams.set(stream, { userId: pass.userId, sessionId: pass.sessionId });
      // Gone before the stream was set up: its "close" was missed, so end it now.
      if (request.raw.socket.destroyed) stream.end("restart");
      const lastId = request.query.lastEventId ?? request.headers["last-event-id"];
      if (typeof lastId === "string" && lastId !== "") {
        stream.replay(EVENT_ID.test(lastId) ? hub.resume(lastId, pass.authAt) : { resync: true });
      }
    },
  );
};
