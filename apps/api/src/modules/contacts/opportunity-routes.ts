import {
  apiErrorSchema,
  idParamsSchema,
  opportunityCreateSchema,
  opportunityListSchema,
  opportunitySchema,
  opportunityUpdateSchema,
  pipelineSchema,
  stageChangeSchema,
} from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { changedMeanwhile } from "./changed-meanwhile.ts";
import { createOpportunity, listOpportunities, updateOpportunity } from "./opportunities.ts";
import { changeStage, UnknownOwnerError } from "./pipeline.ts";
import type { Actor } from "./service.ts";

// A contact's opportunities: the list, `Nueva oportunidad`, a title, `Valor estimado` or close date
// changed, and a board card moved to another stage. Staff of both roles; a content editor gets 403
// (the CRM's default).

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema.extend({ current: opportunitySchema }) };
const NOT_FOUND = "No encontramos esa oportunidad.";

export const opportunityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });

  app.get(
    "/clients/:id/opportunities",
    { schema: { params: idParamsSchema, response: { 200: opportunityListSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const opportunities = await listOpportunities(db, request.params.id);
      if (!opportunities) return reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
      return { opportunities };
    },
  );

  app.post(
    "/opportunities",
    { schema: { body: opportunityCreateSchema, response: { 201: opportunitySchema, ...errors } } },
    async (request, reply) => {
      try {
        const created = await createOpportunity(db, request.body, actorOf(request));
        if (!created) return reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
        return reply.code(201).send(created);
      } catch (error) {
        if (error instanceof UnknownOwnerError)
          return reply.code(400).send(fieldError("ownerId", CRM_MESSAGES.unknownOwner));
        throw error;
      }
    },
  );

  app.patch(
    "/opportunities/:id",
    {
      schema: {
        params: idParamsSchema,
        body: opportunityUpdateSchema,
        response: { 200: opportunitySchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const updated = await updateOpportunity(db, request.params.id, request.body, actorOf(request));
        return updated ?? reply.code(404).send(errorBody(404, NOT_FOUND));
      } catch (error) {
        if (error instanceof VersionConflictError) return changedMeanwhile(reply, error);
        throw error;
      }
    },
  );

  app.patch(
    "/opportunities/:id/stage",
    {
      schema: {
        params: idParamsSchema,
        body: stageChangeSchema,
        response: { 200: pipelineSchema, ...errors, 409: apiErrorSchema.extend({ current: pipelineSchema }) },
      },
    },
    async (request, reply) => {
      try {
        const target = { opportunityId: request.params.id };
        const changed = await changeStage(db, target, request.body, actorOf(request));
        return changed ?? reply.code(404).send(errorBody(404, NOT_FOUND));
      } catch (error) {
        if (error instanceof VersionConflictError) return changedMeanwhile(reply, error);
        throw error;
      }
    },
  );
};
