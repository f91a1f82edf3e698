import { apiErrorSchema, WHATSAPP_CLICK_MESSAGES, whatsappClickSchema } from "@app/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDay } from "../../kernel/business-time.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import { countClick, forgetVisitorsBefore, productOnSite } from "./repo.ts";
import { visitorHash, visitorHashKey, visitorNetwork } from "./visitor.ts";

export type WhatsappClickOptions = { secret: Uint8Array };

/**
 * `POST /api/whatsapp-clicks`: the public site tells that a product's WhatsApp button was tapped
 * (a beacon that nobody waits for). Public and rate-limited per visitor's network; counted once per
 * visitor, product and day (Ecuador's), so repeating a tap does not inflate the count.
 */
export const whatsappClickRoutes: FastifyPluginAsyncZod<WhatsappClickOptions> = async (app, { secret }) => {
  const key = visitorHashKey(secret);
  const limit = rateLimit({
    name: "whatsapp-click",
    rules: app.config.whatsappClickRateLimit,
    store: app.rateLimitStore,
    // The addresses of one IPv6 /64 are one visitor: it does not get a fresh allowance per address.
    keyOf: (request) => visitorNetwork(request.ip),
  });
  /** The last day this instance forgot the visitors before: once a day is enough. */
  let forgottenBefore = "";

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
      const day = businessDay(new Date());
      if (forgottenBefore !== day) {
        await forgetVisitorsBefore(app.db, day);
        forgottenBefore = day;
      }
      await countClick(app.db, day, product, visitorHash(key, day, request.ip));
      return reply.code(204).send();
    },
  );
};
