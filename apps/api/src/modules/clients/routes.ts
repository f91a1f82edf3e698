import {
  apiErrorSchema,
  clientDetailSchema,
  clientDetailsSchema,
  clientMessageSchema,
  idParamsSchema,
  newClientSchema,
  newMessageSchema,
} from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { addNote } from "../client-messages/actions.ts";
import {
  anonymiseClient,
  clientDetail,
  createClient,
  deleteClient,
  EmailTakenError,
  exportClientData,
  updateClient,
} from "./actions.ts";
import { unknownServiceIds } from "./validation.ts";

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
const emailTaken = (reply: FastifyReply) =>
  reply.code(409).send({
    ...errorBody(409, CRM_MESSAGES.emailTaken),
    error: "Conflict",
    details: [{ path: "email", message: CRM_MESSAGES.emailTaken }],
  });
const unknownServices = (reply: FastifyReply) =>
  reply.code(400).send({
    ...errorBody(400, "Hay productos o servicios que no existen"),
    details: [{ path: "serviceTypeIds", message: "Hay productos o servicios que no existen" }],
  });

/** Contacts: detail, Nuevo Contacto, edit, delete, notes, and the LOPDP rights (decision 015). */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const staffOf = (request: FastifyRequest) => principalOf(request).user;

  app.get(
    "/clients/:id",
    { schema: { params: idParamsSchema, response: { 200: clientDetailSchema, ...errors } } },
    async (request, reply) => (await clientDetail(db, request.params.id)) ?? notFound(reply),
  );

  app.post(
    "/clients",
    { schema: { body: newClientSchema, response: { 201: clientDetailSchema, ...errors } } },
    async (request, reply) => {
      const { message, serviceTypeIds, ...fields } = request.body;
      if (await unknownServiceIds(app, serviceTypeIds)) return unknownServices(reply);
      try {
        const created = await createClient(db, fields, { message, serviceTypeIds }, staffOf(request), request.ip);
        return reply.code(201).send(created);
      } catch (error) {
        if (error instanceof EmailTakenError) return emailTaken(reply);
        throw error;
      }
    },
  );

  app.patch(
    "/clients/:id",
    { schema: { params: idParamsSchema, body: clientDetailsSchema, response: { 200: clientDetailSchema, ...errors } } },
    async (request, reply) => {
      try {
        return (
          (await updateClient(db, request.params.id, request.body, staffOf(request), request.ip)) ?? notFound(reply)
        );
      } catch (error) {
        if (error instanceof EmailTakenError) return emailTaken(reply);
        throw error;
      }
    },
  );

  app.delete(
    "/clients/:id",
    { schema: { params: idParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) =>
      (await deleteClient(db, request.params.id, staffOf(request), request.ip))
        ? reply.code(204).send()
        : notFound(reply),
  );

  app.post(
    "/clients/:id/messages",
    { schema: { params: idParamsSchema, body: newMessageSchema, response: { 201: clientMessageSchema, ...errors } } },
    async (request, reply) => {
      if (await unknownServiceIds(app, request.body.serviceTypeIds)) return unknownServices(reply);
      const message = await addNote(db, request.params.id, request.body, staffOf(request), request.ip);
      return message ? reply.code(201).send(message) : notFound(reply);
    },
  );

  app.post(
    "/clients/:id/anonymise",
    { schema: { params: idParamsSchema, response: { 200: clientDetailSchema, ...errors } } },
    async (request, reply) =>
      (await anonymiseClient(db, request.params.id, staffOf(request), request.ip)) ?? notFound(reply),
  );

  app.get("/clients/:id/data-export", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const data = await exportClientData(db, request.params.id, staffOf(request), request.ip);
    if (!data) return notFound(reply);
    return reply
      .header("content-disposition", `attachment; filename="datos-contacto-${request.params.id}.json"`)
      .header("cache-control", "no-store")
      .send(data);
  });
};
