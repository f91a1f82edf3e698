import { Readable } from "node:stream";
import {
  apiErrorSchema,
  idParamsSchema,
  quoteCreateSchema,
  quoteListQuerySchema,
  quotePageSchema,
  quoteSchema,
  quoteUpdateSchema,
  versionInputSchema,
} from "@app/shared";
import { SALES_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDay } from "../../kernel/business-time.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { recordAudit } from "../audit/index.ts";
import type { Actor } from "../contacts/index.ts";
import { readContactDetails } from "../site/index.ts";
import { renderQuotePdf } from "./quote-pdf.ts";
import { findQuote, listQuotes, today } from "./quote-repo.ts";
import {
  createQuote,
  OpportunityNotFoundError,
  QuoteInputError,
  QuoteStateError,
  sendQuote,
  updateQuote,
} from "./quote-service.ts";
import { quoteCsv } from "./sales-csv.ts";

// Quotes for staff (`Cotizaciones`): the list, a draft made and changed, `Enviar cotización` and
// `Descargar PDF`. Staff and administrators; a content editor gets 403 (the CRM's default).

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema.extend({ current: quoteSchema.optional() }),
};

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, SALES_MESSAGES.quoteNotFound));

/** The service's refusals as answers; anything else is the error handler's. */
function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof QuoteInputError) {
    return reply.code(400).send({ ...errorBody(400, error.message), details: error.details });
  }
  if (error instanceof OpportunityNotFoundError) {
    return reply
      .code(400)
      .send({ ...errorBody(400, error.message), details: [{ path: "opportunityId", message: error.message }] });
  }
  if (error instanceof QuoteStateError) return reply.code(409).send(errorBody(409, error.message));
  if (error instanceof VersionConflictError) {
    return reply.code(409).send({
      ...errorBody(409, "Otra persona cambió esta cotización mientras la editabas: revisa la versión actual."),
      current: error.current,
    });
  }
  throw error;
}

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });

  app.get(
    "/quotes",
    { schema: { querystring: quoteListQuerySchema, response: { 200: quotePageSchema } } },
    async (request) => {
      const { page, size, state, clientId } = request.query;
      const { content, total } = await listQuotes(db, { state, clientId }, page, size);
      const totalPages = Math.ceil(total / size);
      return {
        content,
        pageNumber: page,
        totalElements: total,
        totalPages,
        isFirstPage: page === 0,
        isLastPage: page >= totalPages - 1,
      };
    },
  );

  app.post(
    "/quotes",
    { schema: { body: quoteCreateSchema, response: { 201: quoteSchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.code(201).send(await createQuote(db, request.body, actorOf(request)));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get("/quotes/export", { schema: { response: { 200: z.any().describe("text/csv") } } }, async (request, reply) => {
    await recordAudit(db, { action: "quotes_exported", actor: principalOf(request).user, ip: request.ip });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="cotizaciones-${today()}.csv"`)
      .header("cache-control", "private, no-store")
      .send(Readable.from(quoteCsv(db)));
  });

  app.get(
    "/quotes/:id",
    { schema: { params: idParamsSchema, response: { 200: quoteSchema, 404: apiErrorSchema } } },
    async (request, reply) => (await findQuote(db, request.params.id)) ?? notFound(reply),
  );

  app.put(
    "/quotes/:id",
    { schema: { params: idParamsSchema, body: quoteUpdateSchema, response: { 200: quoteSchema, ...errors } } },
    async (request, reply) => {
      try {
        return (await updateQuote(db, request.params.id, request.body, actorOf(request))) ?? notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/quotes/:id/send",
    { schema: { params: idParamsSchema, body: versionInputSchema, response: { 200: quoteSchema, ...errors } } },
    async (request, reply) => {
      try {
        const quote = await sendQuote(db, request.params.id, request.body.version, actorOf(request));
        if (!quote) return notFound(reply);
        app.outbox.kick();
        return quote;
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    "/quotes/:id/pdf",
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.any().describe("application/pdf"), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const quote = await findQuote(db, request.params.id);
      if (!quote) return notFound(reply);
      const pdf = await renderQuotePdf({
        quote,
        supplier: await readContactDetails(db),
        issuedOn: businessDay(quote.issuedAt ? new Date(quote.issuedAt) : new Date()),
      });
      const name = quote.number ?? `cotizacion-borrador-${quote.id}`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${name}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
