import { apiErrorSchema, contactDetailSchema, idParamsSchema } from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { EmailTakenError } from "./service.ts";
import { applySubmittedDetails, DetailsInReviewError, NoSubmittedDetailsError } from "./submitted-details.ts";

/** `Usar estos datos`: a returning sender's typed details become the contact's (decision 040). Staff only. */
export const submittedDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/client-message/:id/use-details",
    {
      schema: {
        params: idParamsSchema,
        response: { 200: contactDetailSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        const detail = await applySubmittedDetails(app.db, request.params.id, {
          staff: principalOf(request).user,
          ip: request.ip,
        });
        return detail ?? reply.code(404).send(errorBody(404, CRM_MESSAGES.messageNotFound));
      } catch (error) {
        if (error instanceof DetailsInReviewError) {
          return reply.code(409).send(errorBody(409, CRM_MESSAGES.detailsInReview));
        }
        if (error instanceof NoSubmittedDetailsError) {
          return reply.code(409).send(errorBody(409, CRM_MESSAGES.noSubmittedDetails));
        }
        if (error instanceof EmailTakenError) return reply.code(409).send(errorBody(409, CRM_MESSAGES.emailTaken));
        throw error;
      }
    },
  );
};
