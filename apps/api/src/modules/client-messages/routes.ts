import {
  apiErrorSchema,
  clientMessageExportQuerySchema,
  clientMessageListQuerySchema,
  clientMessagePageSchema,
  clientMessageSchema,
  clientMessageSearchSchema,
  idParamsSchema,
  replySchema,
  statusChangeSchema,
  updateMessageSchema,
} from "@app/shared";
import { CRM_MESSAGES, STATUS_LABELS } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { recordAudit } from "../audit/repo.ts";
import { unknownServiceIds } from "../clients/validation.ts";
import {
  acceptMessage,
  changeStatus,
  deleteMessage,
  editMessage,
  NotInReviewError,
  replyToMessage,
} from "./actions.ts";
import { CSV_BOM, csvLine } from "./csv.ts";
import { foldText, type GroupFilter } from "./filter.ts";
import { pageOfGroups } from "./groups.ts";

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.messageNotFound));

/** The CSV export walks the search in pages of this size, up to the cap. */
const EXPORT_PAGE = 500;
const EXPORT_MAX_ROWS = 50_000;

/** The CRM's list, search and message actions (decision 015). Staff of both roles. */
export const clientMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const servicesLike = async () => {
    const types = await app.serviceTypeCatalog.list();
    return (folded: string) =>
      folded ? types.filter((type) => foldText(type.title).includes(folded)).map((type) => type.id) : [];
  };
  const staffOf = (request: FastifyRequest) => principalOf(request).user;

  app.get(
    "/client-message",
    {
      schema: {
        querystring: clientMessageListQuerySchema,
        response: { 200: clientMessagePageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { page, size, sort, view, clientId, serviceTypeId } = request.query;
      return pageOfGroups(db, { view, clientId, serviceTypeId }, { page, size, sort }, await servicesLike());
    },
  );

  app.post(
    "/client-message/search",
    { schema: { body: clientMessageSearchSchema, response: { 200: clientMessagePageSchema, 400: apiErrorSchema } } },
    async (request) => {
      const { keyword, field, page, size, sort, view } = request.body;
      return pageOfGroups(db, { view, keyword, field }, { page, size, sort }, await servicesLike());
    },
  );

  app.get(
    "/client-message/export",
    { schema: { querystring: clientMessageExportQuerySchema } },
    async (request, reply) => {
      const filter: GroupFilter = request.query;
      const lookup = await servicesLike();
      let body = `${CSV_BOM}${csvLine(["Nombre", "Apellido", "Correo", "Teléfono", "Empresa", "Fecha", "Servicios", "Estado", "Mensaje", "Respuesta"])}`;
      let rows = 0;
      for (let page = 0; rows < EXPORT_MAX_ROWS; page++) {
        const result = await pageOfGroups(db, filter, { page, size: EXPORT_PAGE, sort: "createdAt,desc" }, lookup);
        for (const { client, messages } of result.content) {
          for (const message of messages.length > 0 ? messages : [undefined]) {
            body += csvLine([
              client.firstName,
              client.lastName,
              client.email,
              client.phone,
              client.company,
              message?.createdAt,
              message?.serviceDescription,
              message ? STATUS_LABELS[message.status] : "",
              message?.messageDescription,
              message?.reply,
            ]);
            rows += 1;
          }
        }
        if (result.isLastPage || result.content.length === 0) break;
      }
      await recordAudit(db, {
        action: "messages_exported",
        actor: staffOf(request),
        ip: request.ip,
        details: { ...filter, rows },
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="contactos-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  );

  app.patch(
    "/client-message/:id",
    {
      schema: { params: idParamsSchema, body: updateMessageSchema, response: { 200: clientMessageSchema, ...errors } },
    },
    async (request, reply) => {
      const { serviceTypeIds } = request.body;
      if (serviceTypeIds && (await unknownServiceIds(app, serviceTypeIds))) {
        return reply.code(400).send(errorBody(400, "Hay productos o servicios que no existen"));
      }
      const message = await editMessage(db, request.params.id, request.body, staffOf(request), request.ip);
      return message ?? notFound(reply);
    },
  );

  app.delete(
    "/client-message/:id",
    { schema: { params: idParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      const deleted = await deleteMessage(db, request.params.id, staffOf(request), request.ip);
      return deleted ? reply.code(204).send() : notFound(reply);
    },
  );

  app.post(
    "/client-message/:id/status",
    { schema: { params: idParamsSchema, body: statusChangeSchema, response: { 200: clientMessageSchema, ...errors } } },
    async (request, reply) =>
      (await changeStatus(db, request.params.id, request.body, staffOf(request), request.ip)) ?? notFound(reply),
  );

  app.post(
    "/client-message/:id/reply",
    { schema: { params: idParamsSchema, body: replySchema, response: { 200: clientMessageSchema, ...errors } } },
    async (request, reply) => {
      const message = await replyToMessage(db, request.params.id, request.body.reply, staffOf(request), request.ip);
      if (!message) return notFound(reply);
      app.outbox.kick();
      return message;
    },
  );

  app.post(
    "/client-message/:id/accept",
    { schema: { params: idParamsSchema, response: { 200: clientMessageSchema, ...errors } } },
    async (request, reply) => {
      try {
        return (await acceptMessage(db, request.params.id, staffOf(request), request.ip)) ?? notFound(reply);
      } catch (error) {
        if (error instanceof NotInReviewError) return reply.code(409).send(errorBody(409, CRM_MESSAGES.notInReview));
        throw error;
      }
    },
  );
};
