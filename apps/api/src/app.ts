import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { resolveJwtSecret } from "./modules/auth/jwt-secret.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { clientMessageRoutes } from "./modules/client-messages/routes.ts";
import { clientRoutes } from "./modules/clients/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { ServiceTypeCatalog } from "./modules/service-types/catalog.ts";
import { serviceTypeRoutes } from "./modules/service-types/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { type AccessConfig, authGuard } from "./plugins/auth-guard.ts";
import { errorBody, errorHandling, sendNotFound } from "./plugins/error-handler.ts";
import { outbox } from "./plugins/outbox.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "./plugins/rate-limit.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { staticSite } from "./plugins/static-site.ts";

// Messages zod writes itself (wrong types, unknown keys) reach people and clients in Spanish too.
z.config(z.locales.es());

export type AppOptions = {
  config: Config;
  database: Database;
  /** Where the JSON log goes (stdout by default); tests read it to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
};

/** A registered API route and whether it is open to anyone (the guard's test walks them all). */
export type RouteSummary = { method: string; url: string; public: boolean };

/** Builds the whole application without listening: tests call `app.inject()` on it. */
export async function buildApp({ config, database, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
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
  app.decorate("rateLimitStore", new MemoryRateLimitStore() as RateLimitStore);
  const routeSummaries: RouteSummary[] = [];
  app.decorate("routeSummaries", routeSummaries);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const isPublic = Boolean((route.config as AccessConfig | undefined)?.public);
    for (const method of methods) routeSummaries.push({ method, url: route.url, public: isPublic });
  });
  const jwtSecret = await resolveJwtSecret(config);

  await app.register(errorHandling);
  await app.register(securityHeaders);
  await app.register(outbox);
  await app.register(cookie);

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      // Default deny: every route below needs a staff token unless it says `config: { public: true }`.
      await api.register(authGuard, { secret: jwtSecret });
      await api.register(healthRoutes);
      await api.register(serviceTypeRoutes);
      await api.register(contactRoutes);
      await api.register(authRoutes, { secret: jwtSecret });
      await api.register(userRoutes);
      await api.register(auditRoutes);
      await api.register(clientMessageRoutes);
      await api.register(clientRoutes);
      await api.register(dashboardRoutes);
    },
    { prefix: "/api" },
  );

  if (config.serveWeb) await app.register(staticSite, { root: config.webDist });
  else app.setNotFoundHandler(sendNotFound);

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database["db"];
    rateLimitStore: RateLimitStore;
    routeSummaries: RouteSummary[];
    serviceTypeCatalog: ServiceTypeCatalog;
  }
}
