import { healthSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Liveness: cheap on purpose, it answers as soon as the server can serve requests. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { config: { public: true }, schema: { response: { 200: healthSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" as const };
    },
  );
};
