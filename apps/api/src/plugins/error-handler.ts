import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors.ts";

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SPANISH_MESSAGES: Record<number, string> = {
  400: "La solicitud no es válida.",
  401: "No autorizado.",
  403: "No tienes permiso para realizar esta acción.",
  404: "Recurso no encontrado.",
  413: "La solicitud es demasiado grande.",
  415: "Tipo de contenido no admitido: envía JSON.",
  429: "Demasiadas solicitudes. Intenta nuevamente más tarde.",
  500: "Error interno del servidor.",
  503: "Servicio no disponible temporalmente. Intenta nuevamente en unos segundos.",
};

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** A 400 about one field: the sentence for people, and the field for API clients. */
export function fieldError(path: string, message: string) {
  return { ...errorBody(400, message), details: [{ path, message }] };
}

export function errorBody(statusCode: number, message?: string) {
  return {
    statusCode,
    error: STATUS_NAMES[statusCode] ?? (statusCode >= 500 ? "Server Error" : "Client Error"),
    message:
      message ??
      SPANISH_MESSAGES[statusCode] ??
      (statusCode >= 500 ? "Error interno del servidor." : "La solicitud no es válida."),
  };
}

/**
 * One error shape for the whole API: `{statusCode, error, message}` plus field details on 400s.
 * Server errors never reveal a stack, SQL or internal message.
 */
export const errorHandling: FastifyPluginAsync = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "Valor inválido",
      }));
      // People read `message` (the form shows it): name what is wrong, not only that something is.
      const sentences = [...new Set(details.map((detail) => detail.message))];
      return reply
        .code(400)
        .send({ ...errorBody(400, `La solicitud no es válida: ${sentences.join("; ")}.`), details });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody(503, "El servicio no está disponible en este momento. Intenta nuevamente en unos segundos."));
    }
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode === 503) {
      // Fastify's own 503s (a request past HANDLER_TIMEOUT_MS): come back later, like a database outage.
      request.log.error({ err: error }, "request timed out");
      return reply.code(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503));
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(statusCode).send(errorBody(statusCode));
    }
    // Framework 4xx (bad JSON, body too large, proto poisoning): keep Spanish text for people.
    return reply.code(statusCode).send(errorBody(statusCode));
  });
});

/** JSON 404 naming the missing route; the API's not-found answer. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  reply.code(404).send(errorBody(404, `No existe la ruta ${request.method} ${request.url.split("?")[0]}`));
}
