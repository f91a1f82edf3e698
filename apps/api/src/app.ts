import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { serviceTypeRoutes } from "./modules/service-types/routes.ts";
import { errorBody, errorHandling, sendNotFound } from "./plugins/error-handler.ts";
import { outbox } from "./plugins/outbox.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "./plugins/rate-limit.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { staticSite } from "./plugins/static-site.ts";

// Messages zod writes itself (wrong types, unknown keys) reach people and clients in Spanish too.
z.config(z.locales.es());

export type AppOptions = { config: Config; database: Database };

/** Builds the whole application without listening: tests call `app.inject()` on it. */
export async function buildApp({ config, database }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
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
  app.decorate("rateLimitStore", new MemoryRateLimitStore() as RateLimitStore);

  await app.register(errorHandling);
  await app.register(securityHeaders);
  await app.register(outbox);

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      await api.register(healthRoutes);
      await api.register(serviceTypeRoutes);
      await api.register(contactRoutes);
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
  }
}
