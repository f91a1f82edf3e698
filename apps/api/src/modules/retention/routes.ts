import { apiErrorSchema, contactDetailSchema, idParamsSchema } from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { anonymiseContact } from "./anonymise.ts";

/** `POST /api/clients/:id/anonymise`: staff of both roles forget a person on request (LOPDP). */
export const anonymiseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/clients/:id/anonymise",
    {
      schema: {
        params: idParamsSchema,
        response: { 200: contactDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = { staff: principalOf(request).user, ip: request.ip };
      const detail = await anonymiseContact(app.db, request.params.id, actor);
      return detail ?? reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
    },
  );
};
