import { apiErrorSchema, healthSchema, readinessDetailsSchema, readinessSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../../plugins/error-handler.ts";
import { readinessAccess } from "./health-token.ts";
import { pingDatabase } from "./repo.ts";

/** How long readiness waits for the database or Redis before saying "unavailable". */
const CHECK_TIMEOUT_MS = 1500;

/** Resolves true when `check` succeeds in time, false when it fails or hangs. */
async function answers(check: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Load balancers and Docker probe every few seconds: their requests are not logged at info level
 * (thousands of lines a day that hide the real ones); warnings and errors still are.
 */
const PROBE_LOG_LEVEL = "warn";

/** The details first: a union keeps the first schema that fits, and the short one fits everything. */
const readinessAnswer = z.union([readinessDetailsSchema, readinessSchema]);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: cheap on purpose, it answers as soon as the server can serve requests. */
  app.get(
    "/health",
    { config: { public: true }, logLevel: PROBE_LOG_LEVEL, schema: { response: { 200: healthSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );

  /**
   * Readiness, for load balancers and orchestrators: 503 while the database cannot be reached or
   * the instance is shutting down. Anyone learns only that (`{status}`); what is up or down, and
   * the shared mailbox's state and last error, need HEALTH_TOKEN. Redis is reported but never fails
   * it: without Redis the instance still serves (rate limits counted in memory).
   */
  app.get(
    "/health/ready",
    {
      config: { public: true },
      logLevel: PROBE_LOG_LEVEL,
      schema: {
        description:
          "Disponibilidad de la instancia: {status}. Con Authorization: Bearer <HEALTH_TOKEN>, también base de datos, Redis y buzón.",
        response: { 200: readinessAnswer, 401: apiErrorSchema, 503: readinessAnswer },
      },
    },
    async (request, reply) => {
      const access = readinessAccess(request.headers.authorization, app.config.healthToken);
      if (access === "refused") {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="health"')
          .send(errorBody(401, "Token no válido: los detalles de disponibilidad se piden con HEALTH_TOKEN."));
      }
      const { redis } = app;
      const [database, redisUp] = await Promise.all([
        answers(() => pingDatabase(app.db)),
        redis && access === "details" ? answers(() => redis.ping()) : Promise.resolve(undefined),
      ]);
      const shuttingDown = app.lifecycle.shuttingDown;
      const ready = database && !shuttingDown;
      const status = ready ? ("ok" as const) : ("unavailable" as const);
      reply.header("cache-control", "no-store");
      if (!ready) reply.code(503).header("retry-after", "5");
      if (access === "status") return { status };
      return {
        status,
        database: database ? ("ok" as const) : ("unavailable" as const),
        redis:
          redisUp === undefined ? ("not_configured" as const) : redisUp ? ("ok" as const) : ("unavailable" as const),
        shuttingDown,
        mailbox: app.mailbox.status() ?? ("not_configured" as const),
      };
    },
  );
};
