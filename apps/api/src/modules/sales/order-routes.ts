import { Readable } from "node:stream";
import {
  apiErrorSchema,
  idParamsSchema,
  type Order,
  orderChangeSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  quoteSchema,
} from "@app/shared";
import { SALES_MESSAGES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { recordAudit } from "../audit/index.ts";
import type { Actor } from "../contacts/index.ts";
import { QuoteInputError } from "./document-lines.ts";
import { findOrder, listOrders } from "./order-repo.ts";
import { changeOrder, createOrder, OrderStateError, repeatOrder } from "./order-service.ts";
import { today } from "./quote-repo.ts";
import { OpportunityNotFoundError } from "./quote-service.ts";
import { orderCsv } from "./sales-csv.ts";

// Orders for staff (`Pedidos`): the list, one order, one made by hand, its state and delivery date,
// and `Repetir pedido`. Staff and administrators; a content editor gets 403 (the CRM's default).

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema.extend({ current: orderSchema.optional() }),
};

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, SALES_MESSAGES.orderNotFound));

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof QuoteInputError) {
    return reply.code(400).send({ ...errorBody(400, error.message), details: error.details });
  }
  if (error instanceof OpportunityNotFoundError) {
    return reply
      .code(400)
      .send({ ...errorBody(400, error.message), details: [{ path: "opportunityId", message: error.message }] });
  }
  if (error instanceof OrderStateError) return reply.code(409).send(errorBody(409, error.message));
  if (error instanceof VersionConflictError) {
    return reply.code(409).send({
      ...errorBody(409, "Otra persona cambió este pedido mientras lo veías: revisa su estado actual."),
      current: error.current,
    });
  }
  throw error;
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => ({ staff: principalOf(request).user, ip: request.ip });

  app.get(
    "/orders",
    { schema: { querystring: orderListQuerySchema, response: { 200: orderPageSchema } } },
    async (request) => {
      const { page, size, state, clientId, companyId } = request.query;
      const { content, total } = await listOrders(db, { state, clientId, companyId }, page, size);
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
    "/orders",
    { schema: { body: orderCreateSchema, response: { 201: orderSchema, ...errors } } },
    async (request, reply) => {
      try {
        const id = await createOrder(db, request.body, actorOf(request));
        return reply.code(201).send((await findOrder(db, id)) as Order);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get("/orders/export", { schema: { response: { 200: z.any().describe("text/csv") } } }, async (request, reply) => {
    await recordAudit(db, { action: "orders_exported", actor: principalOf(request).user, ip: request.ip });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="pedidos-${today()}.csv"`)
      .header("cache-control", "private, no-store")
      .send(Readable.from(orderCsv(db)));
  });

  app.get(
    "/orders/:id",
    { schema: { params: idParamsSchema, response: { 200: orderSchema, 404: apiErrorSchema } } },
    async (request, reply) => (await findOrder(db, request.params.id)) ?? notFound(reply),
  );

  app.patch(
    "/orders/:id",
    { schema: { params: idParamsSchema, body: orderChangeSchema, response: { 200: orderSchema, ...errors } } },
    async (request, reply) => {
      try {
        return (await changeOrder(db, request.params.id, request.body, actorOf(request))) ?? notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    "/orders/:id/repeat",
    { schema: { params: idParamsSchema, response: { 201: quoteSchema, ...errors } } },
    async (request, reply) => {
      try {
        const quote = await repeatOrder(db, request.params.id, actorOf(request));
        return quote ? reply.code(201).send(quote) : notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
