import { apiErrorSchema, contactEmailsSchema, idParamsSchema } from "@app/shared";
import { CRM_MESSAGES } from "@app/shared/constants";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { retryEmail } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import { contactEmails, findAttachment } from "./emails.ts";
import { findContact } from "./repo.ts";

const errors = { 404: apiErrorSchema, 409: apiErrorSchema };

/** Types a browser shows without running anything; any other file is offered as bytes. */
const INERT_TYPES = /^(image\/(jpeg|png|gif|webp|heic|heif)|application\/pdf|text\/plain|text\/csv)$/i;

/** `filename*` (RFC 6266/8187) for any name, and a plain ASCII fallback for old programs. */
function dispositionOf(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The email side of the conversation: received files, reply deliveries, `Reintentar`. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    "/clients/:id/emails",
    { schema: { params: idParamsSchema, response: { 200: contactEmailsSchema, ...errors } } },
    async (request, reply) => {
      if (!(await findContact(db, request.params.id))) {
        return reply.code(404).send(errorBody(404, CRM_MESSAGES.clientNotFound));
      }
      reply.header("cache-control", "no-store");
      const canReplyByEmail = Boolean(app.config.inbound || principalOf(request).user.email);
      return { ...(await contactEmails(db, request.params.id)), canReplyByEmail };
    },
  );

  /**
   * A file a contact sent, for staff only (the guard): always a download, never shown in the CRM's
   * origin, so an HTML or SVG file cannot run there.
   */
  app.get("/attachments/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    const file = await findAttachment(db, request.params.id);
    if (!file) return reply.code(404).send(errorBody(404, "El archivo no existe o no se conservó"));
    return reply
      .header("content-type", INERT_TYPES.test(file.contentType) ? file.contentType : "application/octet-stream")
      .header("content-disposition", dispositionOf(file.filename))
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(file.content);
  });

  app.post(
    "/emails/:id/retry",
    { schema: { params: idParamsSchema, response: { 200: z.object({ queued: z.literal(true) }), ...errors } } },
    async (request, reply) => {
      const retried = await retryEmail(db, request.params.id);
      if (!retried) {
        return reply
          .code(409)
          .send(errorBody(409, "Ese correo no existe o no está fallido ni rebotado: no hay nada que reintentar"));
      }
      app.outbox.kick();
      if (retried.messageId !== null) publishLive(db, { kind: "email_status_changed", messageId: retried.messageId });
      return { queued: true as const };
    },
  );
};
