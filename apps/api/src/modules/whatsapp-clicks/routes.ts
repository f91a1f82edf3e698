import { apiErrorSchema, WHATSAPP_CLICK_MESSAGES, whatsappClickSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody } from "../../plugins/error-handler.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { businessDay } from "../tasks/business-time.ts";
import { countClick, productOnSite } from "./repo.ts";

/**
 * `POST /api/whatsapp-clicks`: the public site tells that a product's WhatsApp button was tapped
 * (a beacon that nobody waits for). Public and rate-limited per address; the day is Ecuador's.
 */
export const whatsappClickRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = rateLimit({
    name: "whatsapp-click",
    rules: app.config.whatsappClickRateLimit,
    store: app.rateLimitStore,
  });

  app.post(
    "/whatsapp-clicks",
    {
      config: { public: true },
      bodyLimit: 1024,
      // Only the count is kept: the request line (with the visitor's address) stays out of the log,
      // unless something goes wrong.
      logLevel: "warn",
      onRequest: limit,
      schema: { body: whatsappClickSchema, response: { 204: z.undefined(), 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const { product } = request.body;
      if (!(await productOnSite(app.db, product))) {
        const message = WHATSAPP_CLICK_MESSAGES.notInCatalogue;
        return reply.code(400).send({ ...errorBody(400, message), details: [{ path: "product", message }] });
      }
      await countClick(app.db, businessDay(new Date()), product);
      return reply.code(204).send();
    },
  );
};
