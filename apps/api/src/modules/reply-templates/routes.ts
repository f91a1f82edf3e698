import {
  apiErrorSchema,
  idParamsSchema,
  replyTemplateInputSchema,
  replyTemplateListSchema,
  replyTemplateSchema,
} from "@app/shared";
import { REPLY_TEMPLATE_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { listReplyTemplates, toReplyTemplate } from "./repo.ts";
import {
  type Actor,
  changeReplyTemplate,
  createReplyTemplate,
  removeReplyTemplate,
  TemplateNameTakenError,
} from "./service.ts";

const ADMINS = { roles: ["administrador" as const] };
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, REPLY_TEMPLATE_MESSAGES.notFound));

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof TemplateNameTakenError) {
    return reply.code(409).send({
      ...errorBody(409, error.message),
      details: [{ path: "name", message: error.message }],
    });
  }
  throw error;
}

/**
 * Reply templates (`Plantillas`): every staff member reads them in the reply editor; only
 * administrators write them (403 for the others, like the Usuarios screen).
 */
export const replyTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => {
    const { user } = principalOf(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };

  app.get("/reply-templates", { schema: { response: { 200: replyTemplateListSchema } } }, async () =>
    (await listReplyTemplates(db)).map(toReplyTemplate),
  );

  app.post(
    "/reply-templates",
    { config: ADMINS, schema: { body: replyTemplateInputSchema, response: { 201: replyTemplateSchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.code(201).send(await createReplyTemplate(db, request.body, actorOf(request)));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.put(
    "/reply-templates/:id",
    {
      config: ADMINS,
      schema: {
        params: idParamsSchema,
        body: replyTemplateInputSchema,
        response: { 200: replyTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const changed = await changeReplyTemplate(db, request.params.id, request.body, actorOf(request));
        return changed ?? notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    "/reply-templates/:id",
    {
      config: ADMINS,
      schema: { params: idParamsSchema, response: { 204: z.undefined(), 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request, reply) =>
      (await removeReplyTemplate(db, request.params.id, actorOf(request))) ? reply.code(204).send() : notFound(reply),
  );
};
