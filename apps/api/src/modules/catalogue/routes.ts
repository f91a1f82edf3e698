import {
  apiErrorSchema,
  idParamsSchema,
  PRICE_MESSAGES,
  priceChangeListSchema,
  priceItemChangeSchema,
  priceItemInputSchema,
  priceItemListQuerySchema,
  priceItemListSchema,
  priceItemSchema,
  priceProductListSchema,
} from "@app/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody, fieldError } from "../../plugins/error-handler.ts";
import {
  type Actor,
  CodeTakenError,
  changePriceItem,
  createPriceItem,
  listPriceItems,
  listPriceProducts,
  priceHistory,
  UnknownProductError,
} from "./service.ts";

// Staff read the prices (they quote with them); only administrators set them. Content editors
// reach none of it, and the public site never shows a price.
const STAFF = { roles: ["administrador", "personal"] as const };
const ADMINS = { roles: ["administrador"] as const };

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, PRICE_MESSAGES.notFound));

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof CodeTakenError) {
    return reply.code(409).send({
      ...errorBody(409, error.message),
      details: [{ path: "code", message: error.message }],
    });
  }
  if (error instanceof UnknownProductError) return reply.code(400).send(fieldError("serviceTypeId", error.message));
  if (error instanceof VersionConflictError) {
    return reply.code(409).send({ ...errorBody(409, PRICE_MESSAGES.changedMeanwhile), current: error.current });
  }
  throw error;
}

/**
 * The priced catalogue (`Catálogo de precios`): `GET /api/price-items`, `GET /api/price-items/products`,
 * `POST /api/price-items`, `PATCH /api/price-items/:id` (with the version seen) and
 * `GET /api/price-items/:id/changes` (the price history, newest first).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => {
    const { user } = principalOf(request);
    return { id: user.id, username: user.username, displayName: user.displayName, ip: request.ip };
  };

  app.get(
    "/price-items",
    {
      config: STAFF,
      schema: { querystring: priceItemListQuerySchema, response: { 200: priceItemListSchema, 400: apiErrorSchema } },
    },
    async (request) => listPriceItems(db, request.query),
  );

  app.get("/price-items/products", { config: STAFF, schema: { response: { 200: priceProductListSchema } } }, async () =>
    listPriceProducts(db),
  );

  app.post(
    "/price-items",
    {
      config: ADMINS,
      schema: {
        body: priceItemInputSchema,
        response: { 201: priceItemSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        return reply.code(201).send(await createPriceItem(db, request.body, actorOf(request)));
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.patch(
    "/price-items/:id",
    {
      config: ADMINS,
      schema: {
        params: idParamsSchema,
        body: priceItemChangeSchema,
        response: {
          200: priceItemSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          // A taken code names the field; a stale version comes with the presentation as it is now.
          409: apiErrorSchema.extend({ current: priceItemSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        return (await changePriceItem(db, request.params.id, request.body, actorOf(request))) ?? notFound(reply);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    "/price-items/:id/changes",
    {
      config: STAFF,
      schema: {
        params: idParamsSchema,
        response: { 200: priceChangeListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => (await priceHistory(db, request.params.id)) ?? notFound(reply),
  );
};
