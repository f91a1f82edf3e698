import { healthSchema, readinessSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
   * the instance is shutting down. Redis is reported but never fails it: without Redis the instance
   * still serves (rate limits counted in memory).
   */
  app.get(
    "/health/ready",
    {
      config: { public: true },
      logLevel: PROBE_LOG_LEVEL,
      schema: { response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const { redis } = app;
      const [database, redisUp] = await Promise.all([
        answers(() => pingDatabase(app.db)),
        redis ? answers(() => redis.ping()) : Promise.resolve(undefined),
      ]);
      const shuttingDown = app.lifecycle.shuttingDown;
      const ready = database && !shuttingDown;
      reply.header("cache-control", "no-store");
      if (!ready) reply.code(503).header("retry-after", "5");
      return {
        status: ready ? ("ok" as const) : ("unavailable" as const),
        database: database ? ("ok" as const) : ("unavailable" as const),
        redis:
          redisUp === undefined ? ("not_configured" as const) : redisUp ? ("ok" as const) : ("unavailable" as const),
        shuttingDown,
        mailbox: app.mailbox.status() ?? ("not_configured" as const),
      };
    },
  );
};
