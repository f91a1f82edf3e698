import { dashboardSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboard } from "./repo.ts";

/** `GET /api/dashboard`: staff of both roles. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dashboard", { schema: { response: { 200: dashboardSchema } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return dashboard(app.db);
  });
};
