import {
  apiErrorSchema,
  idParamsSchema,
  newTaskSchema,
  taskChangeSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
} from "@app/shared";
import { CRM_MESSAGES, TASK_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { type Actor, UnknownOwnerError } from "../contacts/index.ts";
import { changeTask, createTask, taskList } from "./service.ts";

const unknownOwner = (reply: FastifyReply) => reply.code(400).send(fieldError("ownerId", CRM_MESSAGES.unknownOwner));

/**
 * Follow-up tasks: `POST /api/clients/:id/tasks`, `GET /api/tasks` (mine by default) and
 * `PATCH /api/tasks/:id` (done, undone or edited, with the version seen). Staff of both roles.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });

  app.post(
    "/clients/:id/tasks",
    {
      schema: {
        params: idParamsSchema,
        body: newTaskSchema,
        response: { 201: taskSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        const task = await createTask(db, request.params.id, request.body, actorOf(request));
        return task ? reply.code(201).send(task) : reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
      } catch (error) {
        if (error instanceof UnknownOwnerError) return unknownOwner(reply);
        throw error;
      }
    },
  );

  app.get(
    "/tasks",
    { schema: { querystring: taskListQuerySchema, response: { 200: taskListSchema, 400: apiErrorSchema } } },
    async (request) => taskList(db, request.query, actorOf(request)),
  );

  app.patch(
    "/tasks/:id",
    {
      schema: {
        params: idParamsSchema,
        body: taskChangeSchema,
        response: {
          200: taskSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema.extend({ current: taskSchema }),
        },
      },
    },
    async (request, reply) => {
      try {
        const task = await changeTask(db, request.params.id, request.body, actorOf(request));
        return task ?? reply.code(404).send(errorBody(404, TASK_MESSAGES.taskNotFound));
      } catch (error) {
        if (error instanceof UnknownOwnerError) return unknownOwner(reply);
        if (error instanceof VersionConflictError) {
          return reply.code(409).send({ ...errorBody(409, TASK_MESSAGES.taskChanged), current: error.current });
        }
        throw error;
      }
    },
  );
};
