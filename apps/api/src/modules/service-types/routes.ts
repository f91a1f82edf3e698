import { serviceTypeListSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listServiceTypes } from "./repo.ts";

export const serviceTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/service-types",
    { config: { public: true }, schema: { response: { 200: serviceTypeListSchema } } },
    async (_request, reply) => {
      // Public, and changed by every publish of a product: browsers may reuse it for seconds only.
      reply.header("cache-control", "public, max-age=5");
      return listServiceTypes(app.db);
    },
  );
};
