import {
  apiErrorSchema,
  boardQuerySchema,
  boardSchema,
  idParamsSchema,
  internalNoteInputSchema,
  internalNoteSchema,
  ownerChangeSchema,
  pipelineSchema,
  stageChangeSchema,
  timelineSchema,
} from "@app/shared";
import { CRM_MESSAGES, TASK_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { loadBoard } from "./board.ts";
import { changedMeanwhile } from "./changed-meanwhile.ts";
import { createNote, NotYourNoteError, updateNote } from "./internal-notes.ts";
import { changeOwner, changeStage, UnknownOwnerError } from "./pipeline.ts";
import { ownerFilter } from "./pipeline-counts.ts";
import { findContact } from "./repo.ts";
import type { Actor } from "./service.ts";
import { listTimeline } from "./timeline.ts";

const contactNotFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));

/** The 409 of a change made on an old version: the current stage and owner come with it. */
const conflictSchema = apiErrorSchema.extend({ current: pipelineSchema });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: conflictSchema };

/**
 * A contact's way from lead to order: `PATCH /api/clients/:id/stage` and `/owner` (each with the
 * version the person saw), internal notes (`POST /api/clients/:id/notes`, `PATCH /api/notes/:id` by
 * their author) and `GET /api/clients/:id/timeline`. Staff of both roles (issue 13).
 */
export const pipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });

  app.get(
    "/board",
    { schema: { querystring: boardQuerySchema, response: { 200: boardSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { owner, serviceTypeId, companyId, stage, offset } = request.query;
      const types = await app.serviceTypeCatalog.list();
      if (serviceTypeId !== undefined && !types.some((type) => type.id === serviceTypeId)) {
        return reply.code(400).send(fieldError("serviceTypeId", "No existe ese producto o servicio"));
      }
      const filter = {
        serviceTypeId,
        companyId,
        owner: owner === undefined ? undefined : await ownerFilter(db, owner, principalOf(request).user.id),
      };
      const titles = new Map(types.map((type) => [type.id, type.title]));
      return loadBoard(db, filter, titles, stage ? { stage, offset } : undefined);
    },
  );

  app.patch(
    "/clients/:id/stage",
    { schema: { params: idParamsSchema, body: stageChangeSchema, response: { 200: pipelineSchema, ...errors } } },
    async (request, reply) => {
      try {
        const target = { clientId: request.params.id };
        return (await changeStage(db, target, request.body, actorOf(request))) ?? contactNotFound(reply);
      } catch (error) {
        if (error instanceof VersionConflictError) return changedMeanwhile(reply, error);
        throw error;
      }
    },
  );

  app.patch(
    "/clients/:id/owner",
    {
      schema: {
        params: idParamsSchema,
        body: ownerChangeSchema,
        response: { 200: pipelineSchema.extend({ ownerNotified: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => {
      try {
        const changed = await changeOwner(db, request.params.id, request.body, actorOf(request));
        if (!changed?.pipeline) return contactNotFound(reply);
        if (changed.emailed) app.outbox.kick();
        return { ...changed.pipeline, ownerNotified: changed.emailed };
      } catch (error) {
        if (error instanceof VersionConflictError) return changedMeanwhile(reply, error);
        if (error instanceof UnknownOwnerError) {
          return reply.code(400).send(fieldError("ownerId", CRM_MESSAGES.unknownOwner));
        }
        throw error;
      }
    },
  );

  app.get(
    "/clients/:id/timeline",
    { schema: { params: idParamsSchema, response: { 200: timelineSchema, ...errors } } },
    async (request, reply) => {
      if (!(await findContact(db, request.params.id))) return contactNotFound(reply);
      return { events: await listTimeline(db, request.params.id) };
    },
  );

  app.post(
    "/clients/:id/notes",
    {
      schema: {
        params: idParamsSchema,
        body: internalNoteInputSchema,
        response: { 201: internalNoteSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const note = await createNote(db, request.params.id, request.body.body, actorOf(request));
      return note ? reply.code(201).send(note) : contactNotFound(reply);
    },
  );

  app.patch(
    "/notes/:id",
    {
      schema: {
        params: idParamsSchema,
        body: internalNoteInputSchema,
        response: { 200: internalNoteSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        const note = await updateNote(db, request.params.id, request.body.body, actorOf(request));
        return note ?? reply.code(404).send(errorBody(404, TASK_MESSAGES.noteNotFound));
      } catch (error) {
        if (error instanceof NotYourNoteError) return reply.code(403).send(errorBody(403, TASK_MESSAGES.notYourNote));
        throw error;
      }
    },
  );
};
