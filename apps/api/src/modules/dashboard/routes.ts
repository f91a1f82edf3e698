import { dashboardSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { dashboard } from "./repo.ts";

/** `GET /api/dashboard`: staff of both roles; "my" open tasks are the signed-in staff member's. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dashboard", { schema: { response: { 200: dashboardSchema } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return dashboard(app.db, principalOf(request).user.id);
  });
};
