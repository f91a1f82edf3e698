import { serviceTypeListSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listServiceTypes } from "./repo.ts";

export const serviceTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/service-types",
    { config: { public: true }, schema: { response: { 200: serviceTypeListSchema } } },
    async (_request, reply) => {
      // Public reference data that changes only with a deploy: browsers may reuse it for a while.
      reply.header("cache-control", "public, max-age=300");
      return listServiceTypes(app.db);
    },
  );
};
