import { apiErrorSchema, contactFormTokenSchema, contactRequestSchema, contactResponseSchema } from "@app/shared";
import { waitText } from "@app/shared/constants";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import { rateLimit } from "../../plugins/rate-limit.ts";
import {
  type ContactServiceDeps,
  IdempotencyKeyReusedError,
  submitContactRequest,
  UnknownServicesError,
} from "./intake.ts";

/** One budget for a sender's contact requests, whether from the app (JSON) or a plain form. */
export const contactRateLimit = (app: FastifyInstance) => ({
  name: "contact",
  rules: app.config.contactRateLimit,
  store: app.rateLimitStore,
  message: (seconds: number) =>
    `Has enviado demasiados mensajes en poco tiempo. Intenta nuevamente en ${waitText(seconds)}.`,
});

/** What the intake needs of the application, for the app's form and the plain one alike. */
export const intakeDeps = (app: FastifyInstance): ContactServiceDeps => ({
  db: app.db,
  catalog: app.serviceTypeCatalog,
  writer: app.contactRequestWriter,
  config: app.config,
  formTokens: app.contactFormTokens,
});

/** A UUID, or any similar opaque token an API client makes up. */
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: "Idempotency-Key debe tener de 8 a 128 letras, dígitos, - o _" })
  .optional();

/** `POST /api/client`: the contact form's endpoint (spec section 7). Public, rate-limited. */
export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = rateLimit(contactRateLimit(app));

  // A form the browser app drew without the server's HTML (a client-side navigation) asks for its
  // token here (decision 046); pages the server sends carry one already.
  app.get(
    "/contact-form-token",
    { config: { public: true }, schema: { response: { 200: contactFormTokenSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { token: app.contactFormTokens.issue() };
    },
  );

  app.post(
    "/client",
    {
      config: { public: true },
      bodyLimit: 16 * 1024,
      onRequest: limit,
      schema: {
        headers: z.object({ "idempotency-key": idempotencyKey }),
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        const result = await submitContactRequest(intakeDeps(app), request.body, {
          idempotencyKey: request.headers["idempotency-key"],
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        });
        request.log.info({ outcome: result.outcome }, "contact request stored");
        if (result.queuedEmails) app.outbox.kick();
        return reply.code(201).send({ message: result.message });
      } catch (error) {
        if (error instanceof UnknownServicesError) {
          return reply.code(400).send(fieldError("serviceList", error.message));
        }
        if (error instanceof IdempotencyKeyReusedError) {
          return reply.code(422).send(errorBody(422, error.message));
        }
        throw error;
      }
    },
  );
};
