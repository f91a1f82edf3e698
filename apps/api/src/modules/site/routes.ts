import {
  apiErrorSchema,
  idParamsSchema,
  newSiteItemSchema,
  publishedSiteResponseSchema,
  siteDraftSchema,
  siteItemListSchema,
  siteItemSchema,
  sitePreviewAnswerSchema,
  sitePreviewSchema,
  sitePublicationListSchema,
  sitePublicationParamsSchema,
  siteVersionSchema,
} from "@app/shared";
import { SITE_MESSAGES, SITE_ROLES } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { principalOf } from "../../plugins/auth-guard.ts";
import { errorBody } from "../../plugins/error-handler.ts";
import { siteImageRoutes } from "./image-routes.ts";
import {
  type Actor,
  createItem,
  getItem,
  listItems,
  listPublications,
  previewSite,
  publishItem,
  readPublishedSite,
  restoreItem,
  retireListed,
  SiteChangeRefusedError,
  SiteFieldConflictError,
  saveItemDraft,
} from "./service.ts";

const EDITORS = { roles: SITE_ROLES };
/** A 409 of a stale version comes with the item as it is now, so the editor shows what changed. */
const conflictSchema = apiErrorSchema.extend({ current: siteItemSchema.optional() });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: conflictSchema };

const notFound = (reply: FastifyReply, message: string = SITE_MESSAGES.itemNotFound) =>
  reply.code(404).send(errorBody(404, message));

/** The answer of a refused change; anything else is not the editor's to hear. */
async function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof SiteChangeRefusedError) {
    return reply.code(400).send({ ...errorBody(400, error.message), details: error.details });
  }
  if (error instanceof SiteFieldConflictError) {
    return reply.code(409).send({
      ...errorBody(409, error.message),
      details: [{ path: error.path, message: error.message }],
    });
  }
  if (error instanceof VersionConflictError) {
    const { id } = error.current as { id: number };
    return reply.code(409).send({
      ...errorBody(409, SITE_MESSAGES.changedMeanwhile),
      current: await getItem(request.server.db, id),
    });
  }
  throw error;
}

/**
 * `Sitio web` (issue 17): the site's products and contact details as editors and administrators
 * change them. Every change carries the version it was made on; a stale one is a 409 with the item
 * as it is now. Nothing here reaches visitors until `publish` (or `restore`).
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const actorOf = (request: FastifyRequest): Actor => {
    const { user } = principalOf(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };
  /**
   * After a change: it may add or retire one of the contact form's products, or change what visitors
   * see. This instance reads the form's list again and renders its pages at once, without holding
   * the answer (the other instances follow within seconds, docs/decisions/037).
   */
  const afterChange = () => {
    app.serviceTypeCatalog.invalidate();
    app.sitePages?.refresh().catch((error) => app.log.error({ err: error }, "site pages not rendered again"));
  };
  /** Runs a change; its refusals become their 400, 404 or 409. */
  const change = async <T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T | undefined>) => {
    try {
      return (await run()) ?? notFound(reply);
    } catch (error) {
      return refuse(request, reply, error);
    } finally {
      afterChange();
    }
  };

  // What the public pages show; `npm run dev`'s Vite server renders them with it.
  app.get(
    "/site/published",
    { config: { public: true }, schema: { response: { 200: publishedSiteResponseSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.sitePages?.site ?? readPublishedSite(db);
    },
  );

  await app.register(siteImageRoutes);

  // `Vista previa`: the real page with the editor's content, for staff only and never stored.
  app.post(
    "/site/preview",
    {
      config: EDITORS,
      schema: {
        body: sitePreviewSchema,
        response: { 200: sitePreviewAnswerSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const pages = app.sitePages;
      if (!pages) return reply.code(503).send(errorBody(503, SITE_MESSAGES.previewUnavailable));
      const { path, site } = await previewSite(db, pages.site, request.body);
      reply.header("cache-control", "private, no-store");
      return { path, html: await pages.preview(path, site) };
    },
  );

  app.get("/site/items", { config: EDITORS, schema: { response: { 200: siteItemListSchema } } }, async () =>
    listItems(db),
  );

  app.get(
    "/site/items/:id",
    { config: EDITORS, schema: { params: idParamsSchema, response: { 200: siteItemSchema, 404: apiErrorSchema } } },
    async (request, reply) => (await getItem(db, request.params.id)) ?? notFound(reply),
  );

  app.post(
    "/site/items",
    { config: EDITORS, schema: { body: newSiteItemSchema, response: { 201: siteItemSchema, ...errors } } },
    async (request, reply) => {
      try {
        return reply.code(201).send(await createItem(db, request.body, actorOf(request)));
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.put(
    "/site/items/:id",
    {
      config: EDITORS,
      schema: { params: idParamsSchema, body: siteDraftSchema, response: { 200: siteItemSchema, ...errors } },
    },
    async (request, reply) =>
      change(request, reply, () => saveItemDraft(db, request.params.id, request.body, actorOf(request))),
  );

  app.post(
    "/site/items/:id/publish",
    {
      config: EDITORS,
      schema: { params: idParamsSchema, body: siteVersionSchema, response: { 200: siteItemSchema, ...errors } },
    },
    async (request, reply) =>
      change(request, reply, () => publishItem(db, request.params.id, request.body.version, actorOf(request))),
  );

  app.post(
    "/site/items/:id/retire",
    {
      config: EDITORS,
      schema: { params: idParamsSchema, body: siteVersionSchema, response: { 200: siteItemSchema, ...errors } },
    },
    async (request, reply) =>
      change(request, reply, () => retireListed(db, request.params.id, request.body.version, actorOf(request))),
  );

  app.get(
    "/site/items/:id/versions",
    {
      config: EDITORS,
      schema: { params: idParamsSchema, response: { 200: sitePublicationListSchema, 404: apiErrorSchema } },
    },
    async (request, reply) => (await listPublications(db, request.params.id)) ?? notFound(reply),
  );

  app.post(
    "/site/items/:id/versions/:versionId/restore",
    {
      config: EDITORS,
      schema: {
        params: sitePublicationParamsSchema,
        body: siteVersionSchema,
        response: { 200: siteItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params;
      try {
        const restored = await restoreItem(db, id, versionId, request.body.version, actorOf(request));
        if (restored) return restored;
        return (await getItem(db, id)) ? notFound(reply, SITE_MESSAGES.versionNotFound) : notFound(reply);
      } catch (error) {
        return refuse(request, reply, error);
      } finally {
        afterChange();
      }
    },
  );
};
