import { BRAND } from "@app/shared/constants";
import swagger from "@fastify/swagger";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { AccessConfig } from "./auth-guard.ts";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Operation = { summary?: string; description?: string; security?: unknown[] };
/** The parts of an OpenAPI 3 document the page shows. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string };
  paths?: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], Operation>> | undefined>;
};

/**
 * Collects every route registered after it into an OpenAPI 3 document, from the zod schemas the
 * routes already declare (decision 026). Register it before the routes: it learns them as they are added.
 */
export const apiDocsCollector: FastifyPluginAsync = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: `API de ${BRAND.name}`,
        description:
          "Sitio público y CRM. Errores: {statusCode, error, message}. Sesión: Bearer (POST /api/auth/login).",
        version: "1.0.0",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: (input) => {
      // The document is the API's: the site's pages, files, pictures and plain form are served by
      // the same server but are not calls of it (and most have no schema to describe).
      if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      // An API route without any schema is still listed, with its method, path and access.
      const schema = transformed.schema ?? {};
      const access = input.route.config;
      // Guarded routes (the default) say so, so a reader knows which calls need a token.
      if (access?.public || schema.hide) return { ...transformed, schema };
      return { ...transformed, schema: { ...schema, security: [{ bearer: [] }] } };
    },
    transformObject: jsonSchemaTransformObject,
  });
});

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain page listing the operations: no script, no style, so the API's strict CSP applies as is. */
export function docsPage(document: OpenApiDocument) {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const needsToken = Boolean(operation.security?.length);
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
          `<td>${needsToken ? "sesión de personal" : "público"}</td>` +
          `<td>${escapeHtml(operation.summary ?? operation.description ?? "")}</td></tr>`,
      );
    }
  }
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(document.info.title)}</title></head>
<body><main><h1>${escapeHtml(document.info.title)}</h1>
<p>Documento OpenAPI ${escapeHtml(document.openapi)} completo (cuerpos, parámetros y respuestas):
<a href="/api/docs/json">/api/docs/json</a>.</p>
<table><caption>Operaciones</caption>
<thead><tr><th scope="col">Método</th><th scope="col">Ruta</th><th scope="col">Acceso</th><th scope="col">Descripción</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody></table></main></body></html>
`;
}

/**
 * `/api/docs/json` (the document) and `/api/docs` (a page listing it), for administrators whatever
 * NODE_ENV says: `npm start` runs as development by default, and a map of every call is worth
 * nothing to a visitor and much to an attacker (ASVS 13.4.5).
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const access: AccessConfig = { roles: ["administrador"] };
  const options = { config: access, schema: { hide: true } };
  app.get("/docs/json", options, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return app.swagger();
  });
  // The routes are fixed once the app is ready, so the page is made once, on first request.
  let page: string | undefined;
  app.get("/docs", options, async (_request, reply) => {
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    page ??= docsPage(app.swagger() as OpenApiDocument);
    return page;
  });
};
