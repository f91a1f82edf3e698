import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifySchema } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { resolveJwtSecret } from "./modules/accounts/auth/jwt-secret.ts";
import { authRoutes } from "./modules/accounts/auth/routes.ts";
import { relyingPartyOf } from "./modules/accounts/second-factor/passkey-ceremony.ts";
import { secondFactorRoutes } from "./modules/accounts/second-factor/routes.ts";
import { createSecretBox, resolveSecondFactorKey } from "./modules/accounts/second-factor/secret-box.ts";
import type { SecondFactorDeps } from "./modules/accounts/second-factor/service.ts";
import { userRoutes } from "./modules/accounts/users/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { catalogueRoutes } from "./modules/catalogue/routes.ts";
import { companyRoutes } from "./modules/companies/routes.ts";
import { assignmentRoutes } from "./modules/contacts/assignment-routes.ts";
import { ContactRequestWriter } from "./modules/contacts/contact-request-writer.ts";
import { emailRoutes } from "./modules/contacts/email-routes.ts";
import { createFormTokens, type FormTokens } from "./modules/contacts/form-token.ts";
import { intakeFormRoutes } from "./modules/contacts/intake-form-routes.ts";
import { intakeRoutes } from "./modules/contacts/intake-routes.ts";
import { opportunityRoutes } from "./modules/contacts/opportunity-routes.ts";
import { pipelineRoutes } from "./modules/contacts/pipeline-routes.ts";
import { contactRoutes } from "./modules/contacts/routes.ts";
import { submittedDetailsRoutes } from "./modules/contacts/submitted-details-routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import type { StreamTimings } from "./modules/live/event-stream.ts";
import { liveRoutes } from "./modules/live/routes.ts";
import { replyTemplateRoutes } from "./modules/reply-templates/routes.ts";
import { anonymiseRoutes } from "./modules/retention/index.ts";
import { createQuoteLinks } from "./modules/sales/index.ts";
import { orderRoutes } from "./modules/sales/order-routes.ts";
import { quoteAnswerRoutes } from "./modules/sales/quote-answer-routes.ts";
import { quoteRoutes } from "./modules/sales/quote-routes.ts";
import { ServiceTypeCatalog } from "./modules/service-types/catalog.ts";
import { serviceTypeRoutes } from "./modules/service-types/routes.ts";
import { mediaRoutes } from "./modules/site/media-routes.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { openSitePages } from "./modules/site-pages/open.ts";
import type { SitePages } from "./modules/site-pages/site-pages.ts";
import { loadWebRenderer, type PageRenderer, serverBuildOf } from "./modules/site-pages/web-renderer.ts";
import { taskRoutes } from "./modules/tasks/routes.ts";
import { whatsappClickRoutes } from "./modules/whatsapp-clicks/routes.ts";
import { apiDocsCollector, apiDocsRoutes } from "./plugins/api-docs.ts";
import { type AccessConfig, authGuard } from "./plugins/auth-guard.ts";
import { errorBody, errorHandling, sendNotFound } from "./plugins/error-handler.ts";
import { inbound } from "./plugins/inbound.ts";
import { outbox } from "./plugins/outbox.ts";
import { rateLimitStore } from "./plugins/rate-limit-store.ts";
import { serializeRequest } from "./plugins/request-log.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { staticSite } from "./plugins/static-site.ts";

// Messages zod writes itself (wrong types, unknown keys) reach people and clients in Spanish too.
z.config(z.locales.es());

export type AppOptions = {
  config: Config;
  database: Database;
  /** Where the JSON log goes (stdout by default); tests read it to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
  /** Human-readable log lines (pino-pretty): `npm run dev` in a terminal only, never in production. */
  prettyLog?: boolean;
  /** The live event stream's heartbeat and session checks (tests shorten them). */
  liveTimings?: Partial<StreamTimings>;
  /** What renders the public pages; the web app's server build unless a test gives its own. */
  pageRenderer?: PageRenderer;
  /**
   * How often each instance looks for content another one published (the refresh job's own period
   * unless given): tests shorten it instead of waiting that period out at each publish.
   */
  sitePagesRefreshMs?: number;
};

/** A request id a proxy or client may send (X-Request-Id), if it is safe to write into the log. */
const REQUEST_ID = /^[\w.:-]{1,100}$/;
function requestId(request: IncomingMessage) {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * A registered API route, whether it is open to anyone and its schema (the guard's test and the
 * fuzz test walk them all, so a new route is checked without being listed anywhere).
 */
export type RouteSummary = { method: string; url: string; public: boolean; schema: FastifySchema | undefined };

/** Builds the whole application without listening: tests call `app.inject()` on it. */
export async function buildApp({
  config,
  database,
  logStream,
  prettyLog = false,
  liveTimings,
  pageRenderer,
  sitePagesRefreshMs,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
      ...(prettyLog && !logStream ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
    },
    genReqId: requestId,
    // A request that takes longer than this is answered 503 (the database has its own, shorter deadline).
    handlerTimeout: config.handlerTimeoutMs,
    // Our own 503 while closing (below): Spanish, with Retry-After, in the API's error shape.
    return503OnClosing: false,
    // A client that sends its request slowly (slowloris) is cut off instead of holding a socket.
    requestTimeout: 30_000,
    bodyLimit: 64 * 1024,
    // Bodies with __proto__ or constructor.prototype are refused with a 400, never merged.
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    routerOptions: { ignoreTrailingSlash: true },
    // Behind N reverse proxies the client's address is N hops back in X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Malformed URLs never reach a route: answer them in the API's own error shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send(errorBody(400, "La dirección solicitada no es válida."));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON is the only body the API reads; anything else gets 415 instead of a silent coercion.
  app.removeContentTypeParser(["text/plain"]);

  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("serviceTypeCatalog", new ServiceTypeCatalog(database.db));
  // PGlite runs one statement at a time; PostgreSQL takes a few at once (its pool has 10 connections).
  app.decorate("contactRequestWriter", new ContactRequestWriter(database.db, config.databaseUrl ? 4 : 1));
  app.decorate("lifecycle", { shuttingDown: false, closing: false });
  const routeSummaries: RouteSummary[] = [];
  app.decorate("routeSummaries", routeSummaries);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isPublic = Boolean((route.config as AccessConfig | undefined)?.public);
    for (const method of methods)
      routeSummaries.push({ method, url: route.url, public: isPublic, schema: route.schema });
  });
  const jwtSecret = await resolveJwtSecret(config);
  app.decorate("contactFormTokens", createFormTokens(jwtSecret));
  app.decorate("quoteLinks", createQuoteLinks(jwtSecret));
  app.decorate("secondFactor", {
    db: app.db,
    box: createSecretBox(await resolveSecondFactorKey(config)),
    rp: relyingPartyOf(config.publicUrl),
  } satisfies SecondFactorDeps);

  // Every answer names its request, so a person's report ("it failed") can be found in the log.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // Shutting down (SIGTERM): requests already in flight finish, new ones are told to come back.
    if (app.lifecycle.closing) {
      return reply
        .code(503)
        .header("retry-after", "5")
        .header("connection", "close")
        .send(errorBody(503, "El servidor se está reiniciando. Intenta nuevamente en unos segundos."));
    }
  });
  await app.register(errorHandling);
  await app.register(rateLimitStore);
  await app.register(securityHeaders);
  await app.register(outbox);
  await app.register(inbound);
  await app.register(cookie);
  // Before the routes: the OpenAPI document is built from the routes registered after it.
  await app.register(apiDocsCollector);

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      // Default deny: every route below needs a staff token unless it says `config: { public: true }`.
      await api.register(authGuard, { secret: jwtSecret });
      await api.register(healthRoutes);
      await api.register(serviceTypeRoutes);
      await api.register(intakeRoutes);
      await api.register(whatsappClickRoutes, { secret: jwtSecret });
      await api.register(authRoutes, { secret: jwtSecret });
      await api.register(userRoutes);
      await api.register(secondFactorRoutes);
      await api.register(auditRoutes);
      await api.register(contactRoutes);
      await api.register(companyRoutes);
      await api.register(anonymiseRoutes);
      await api.register(submittedDetailsRoutes);
      await api.register(emailRoutes);
      await api.register(pipelineRoutes);
      await api.register(opportunityRoutes);
      await api.register(assignmentRoutes);
      await api.register(taskRoutes);
      await api.register(replyTemplateRoutes);
      await api.register(catalogueRoutes);
      await api.register(siteRoutes);
      await api.register(dashboardRoutes);
      await api.register(quoteRoutes);
      await api.register(orderRoutes);
      await api.register(liveRoutes, { secret: jwtSecret, timings: liveTimings });
      await api.register(apiDocsRoutes);
    },
    { prefix: "/api" },
  );

  // The site's uploaded pictures, with or without the built web app.
  await app.register(mediaRoutes);
  // A client's answer to a quote, from the links of its email.
  await app.register(quoteAnswerRoutes, { links: app.quoteLinks });

  const renderer = config.serveWeb ? (pageRenderer ?? (await loadWebRenderer(serverBuildOf(config.webDist)))) : null;
  if (renderer) {
    const pages = await openSitePages(app, renderer, sitePagesRefreshMs);
    app.decorate("sitePages", pages);
    // Before the pages: the contact page answers `?interes=` with that service ticked.
    await app.register(intakeFormRoutes, { pages });
    await app.register(staticSite, { root: config.webDist, pages });
  } else {
    if (config.serveWeb) app.log.warn("web build not found: only the API is served (run `npm run build`)");
    app.decorate("sitePages", null);
    app.setNotFoundHandler(sendNotFound);
  }

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database["db"];
    /**
     * On SIGTERM `shuttingDown` makes readiness answer 503 (load balancers stop sending requests);
     * `closing`, set when the server stops taking requests, answers new ones 503.
     */
    lifecycle: { shuttingDown: boolean; closing: boolean };
    routeSummaries: RouteSummary[];
    serviceTypeCatalog: ServiceTypeCatalog;
    /** Writes contact requests in batches, for the API's and the plain form's intake alike. */
    contactRequestWriter: ContactRequestWriter;
    /** Signs and checks the contact form's served-at token (decision 046). */
    contactFormTokens: FormTokens;
    /** Passkeys, authenticator apps and recovery codes (decision 035). */
    secondFactor: SecondFactorDeps;
    /** The public pages as visitors get them (docs/decisions/037); null when the web app is not served. */
    sitePages: SitePages | null;
  }
}
