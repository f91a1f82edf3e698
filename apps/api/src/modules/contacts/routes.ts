import { Readable } from "node:stream";
import {
  apiErrorSchema,
  bulkChangeSchema,
  bulkResultSchema,
  bulkUndoSchema,
  contactCountsQuerySchema,
  contactCountsSchema,
  contactDetailSchema,
  contactFieldsSchema,
  contactMessageExportQuerySchema,
  contactMessageListQuerySchema,
  contactMessagePageSchema,
  contactMessageSchema,
  contactMessageSearchSchema,
  idParamsSchema,
  newContactSchema,
  newMessageSchema,
  replySchema,
  statusChangeSchema,
  updateMessageSchema,
} from "@app/shared";
import { CRM_MESSAGES, DEFAULT_WAITING_DAYS } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { recordAudit } from "../audit/index.ts";
import { changeContacts, TooManyContactsError, undoBulkChange } from "./bulk.ts";
import { reportDetailsOf } from "./contact-report.ts";
import { contactLines, csvLines, csvTime, MESSAGE_LINES } from "./csv.ts";
import { UnknownOwnerError } from "./pipeline.ts";
import { contactCounts, ownerFilter } from "./pipeline-counts.ts";
import { type GroupFilter, searchGroups } from "./search.ts";
import { filterCondition, foldText } from "./search-filter.ts";
import {
  type Actor,
  acceptMessage,
  addNote,
  changeStatus,
  contactDetail,
  createContact,
  deleteContact,
  deleteMessage,
  EmailTakenError,
  editMessage,
  exportContactData,
  NotInReviewError,
  replyToMessage,
  updateContact,
} from "./service.ts";
import { recordWhatsappReply } from "./whatsapp-reply.ts";

type Selection = Omit<GroupFilter, "owner"> & { owner?: "me" | "none" | number | undefined };

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const contactNotFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
const messageNotFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, CRM_MESSAGES.messageNotFound));
const emailTaken = (reply: FastifyReply) =>
  reply.code(409).send({
    ...errorBody(409, CRM_MESSAGES.emailTaken),
    details: [{ path: "email", message: CRM_MESSAGES.emailTaken }],
  });
const UNKNOWN_SERVICES = "Hay productos o servicios que no existen";
const unknownServices = (reply: FastifyReply) => reply.code(400).send(fieldError("serviceTypeIds", UNKNOWN_SERVICES));

/** The CSV export walks the search in pages of this size, up to the cap. */
const EXPORT_PAGE = 500;
const EXPORT_MAX_ROWS = 50_000;

/**
 * The CRM's contacts: the list and search of contacts with their messages, the CSV export, each
 * contact (detail, Nuevo Contacto, edit, delete, notes, LOPDP rights) and each message (edit, delete,
 * status, reply, review). Staff of both roles (decision 015).
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });
  const servicesLike = async () => {
    const types = await app.serviceTypeCatalog.list();
    return (folded: string) =>
      folded ? types.filter((type) => foldText(type.title).includes(folded)).map((type) => type.id) : [];
  };
  /** The search and filters as the list reads them: `me` is the signed-in staff member. */
  const groupFilter = async (request: FastifyRequest, { owner, ...rest }: Selection): Promise<GroupFilter> => ({
    ...rest,
    owner: owner === undefined ? undefined : await ownerFilter(db, owner, principalOf(request).user.id),
  });
  const hasUnknownServices = async (ids: number[]) => {
    const known = new Set((await app.serviceTypeCatalog.list()).map((type) => type.id));
    return ids.some((id) => !known.has(id));
  };

  app.get(
    "/client-message",
    {
      schema: {
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessagePageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { page, size, sort, ...selection } = request.query;
      return searchGroups(db, await groupFilter(request, selection), { page, size, sort }, await servicesLike());
    },
  );

  app.get(
    "/client-message/counts",
    {
      schema: { querystring: contactCountsQuerySchema, response: { 200: contactCountsSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const days = request.query.waitingDays ?? DEFAULT_WAITING_DAYS;
      return contactCounts(db, principalOf(request).user.id, days);
    },
  );

  app.post(
    "/clients/bulk",
    { schema: { body: bulkChangeSchema, response: { 200: bulkResultSchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      const { target, change } = request.body;
      const condition =
        "ids" in target
          ? { ids: target.ids }
          : { condition: filterCondition(await groupFilter(request, target.selection), await servicesLike()) };
      try {
        const result = await changeContacts(db, condition, change, actorOf(request));
        if (change.kind === "owner" && result.changed > 0) app.outbox.kick();
        return result;
      } catch (error) {
        if (error instanceof TooManyContactsError) {
          return reply.code(400).send(fieldError("target", CRM_MESSAGES.tooManyContacts));
        }
        if (error instanceof UnknownOwnerError) {
          return reply.code(400).send(fieldError("change.ownerId", CRM_MESSAGES.unknownOwner));
        }
        throw error;
      }
    },
  );

  app.post(
    "/clients/bulk/undo",
    { schema: { body: bulkUndoSchema, response: { 200: bulkResultSchema, 400: apiErrorSchema } } },
    async (request) => undoBulkChange(db, request.body.undoId, actorOf(request)),
  );

  app.post(
    "/client-message/search",
    { schema: { body: contactMessageSearchSchema, response: { 200: contactMessagePageSchema, 400: apiErrorSchema } } },
    async (request) => {
      const { page, size, sort, ...selection } = request.body;
      return searchGroups(db, await groupFilter(request, selection), { page, size, sort }, await servicesLike());
    },
  );

  app.get(
    "/client-message/export",
    { schema: { querystring: contactMessageExportQuerySchema } },
    async (request, reply) => {
      const { ids, rows, ...selection } = request.query;
      const filter = { ...(await groupFilter(request, selection)), clientIds: ids };
      const lookup = await servicesLike();
      const readPage = (page: number) =>
        searchGroups(db, filter, { page, size: EXPORT_PAGE, sort: "createdAt,desc" }, lookup);
      const shape =
        rows === "contacts" ? contactLines((clientIds) => reportDetailsOf(db, clientIds, filter.view)) : MESSAGE_LINES;
      // `rows` in the log is how many lines went out; `per` what a line was.
      const audited = (lines: number) =>
        recordAudit(db, {
          action: "messages_exported",
          actor: principalOf(request).user,
          ip: request.ip,
          details: { ...request.query, rows: lines, per: rows },
        });
      const name = rows === "contacts" ? "contactos-resumen" : "contactos";
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}-${csvTime(new Date()).slice(0, 10)}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(csvLines(readPage, shape, EXPORT_MAX_ROWS, audited)));
    },
  );

  app.patch(
    "/client-message/:id",
    {
      schema: { params: idParamsSchema, body: updateMessageSchema, response: { 200: contactMessageSchema, ...errors } },
    },
    async (request, reply) => {
      const { serviceTypeIds } = request.body;
      if (serviceTypeIds && (await hasUnknownServices(serviceTypeIds))) return unknownServices(reply);
      return (await editMessage(db, request.params.id, request.body, actorOf(request))) ?? messageNotFound(reply);
    },
  );

  app.delete(
    "/client-message/:id",
    { schema: { params: idParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) =>
      (await deleteMessage(db, request.params.id, actorOf(request))) ? reply.code(204).send() : messageNotFound(reply),
  );

  app.post(
    "/client-message/:id/status",
    {
      schema: { params: idParamsSchema, body: statusChangeSchema, response: { 200: contactMessageSchema, ...errors } },
    },
    async (request, reply) =>
      (await changeStatus(db, request.params.id, request.body, actorOf(request))) ?? messageNotFound(reply),
  );

  app.post(
    "/client-message/:id/reply",
    { schema: { params: idParamsSchema, body: replySchema, response: { 200: contactMessageSchema, ...errors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      // The contact's answer needs somewhere to go: the shared mailbox, or the staff member's address.
      if (!app.config.inbound && !actor.staff.email) {
        return reply.code(409).send(errorBody(409, CRM_MESSAGES.replyNeedsAddress));
      }
      const message = await replyToMessage(db, request.params.id, request.body.reply, actor);
      if (!message) return messageNotFound(reply);
      app.outbox.kick();
      return message;
    },
  );

  // Staff sent the reply from their own WhatsApp and confirm it: recorded, no email queued.
  app.post(
    "/client-message/:id/whatsapp-reply",
    { schema: { params: idParamsSchema, body: replySchema, response: { 200: contactMessageSchema, ...errors } } },
    async (request, reply) =>
      (await recordWhatsappReply(db, request.params.id, request.body.reply, actorOf(request))) ??
      messageNotFound(reply),
  );

  app.post(
    "/client-message/:id/accept",
    { schema: { params: idParamsSchema, response: { 200: contactMessageSchema, ...errors } } },
    async (request, reply) => {
      try {
        return (await acceptMessage(db, request.params.id, actorOf(request))) ?? messageNotFound(reply);
      } catch (error) {
        if (error instanceof NotInReviewError) return reply.code(409).send(errorBody(409, CRM_MESSAGES.notInReview));
        throw error;
      }
    },
  );

  app.get(
    "/clients/:id",
    { schema: { params: idParamsSchema, response: { 200: contactDetailSchema, ...errors } } },
    async (request, reply) => (await contactDetail(db, request.params.id)) ?? contactNotFound(reply),
  );

  app.post(
    "/clients",
    { schema: { body: newContactSchema, response: { 201: contactDetailSchema, ...errors } } },
    async (request, reply) => {
      const { message, serviceTypeIds, ...fields } = request.body;
      if (await hasUnknownServices(serviceTypeIds)) return unknownServices(reply);
      try {
        return reply.code(201).send(await createContact(db, fields, { message, serviceTypeIds }, actorOf(request)));
      } catch (error) {
        if (error instanceof EmailTakenError) return emailTaken(reply);
        throw error;
      }
    },
  );

  app.patch(
    "/clients/:id",
    {
      schema: { params: idParamsSchema, body: contactFieldsSchema, response: { 200: contactDetailSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        return (await updateContact(db, request.params.id, request.body, actorOf(request))) ?? contactNotFound(reply);
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
      (await deleteContact(db, request.params.id, actorOf(request))) ? reply.code(204).send() : contactNotFound(reply),
  );

  app.post(
    "/clients/:id/messages",
    { schema: { params: idParamsSchema, body: newMessageSchema, response: { 201: contactMessageSchema, ...errors } } },
    async (request, reply) => {
      if (await hasUnknownServices(request.body.serviceTypeIds)) return unknownServices(reply);
      const message = await addNote(db, request.params.id, request.body, actorOf(request));
      return message ? reply.code(201).send(message) : contactNotFound(reply);
    },
  );

  app.get("/clients/:id/data-export", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const data = await exportContactData(db, request.params.id, actorOf(request));
    if (!data) return contactNotFound(reply);
    return reply
      .header("content-disposition", `attachment; filename="datos-contacto-${request.params.id}.json"`)
      .header("cache-control", "no-store")
      .send(data);
  });
};
