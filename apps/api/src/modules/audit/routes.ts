import { auditPageSchema, auditQuerySchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listAudit } from "./repo.ts";

/** The audit log, newest first, filtered by group, person or days: administrators only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit-log",
    {
      config: { roles: ["administrador"] },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
