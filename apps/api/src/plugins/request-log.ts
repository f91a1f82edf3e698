import type { FastifyRequest } from "fastify";

/** What pino is given as `req`: Fastify's request, or a bare Node request where a library logs one. */
type LoggedRequest = Pick<FastifyRequest, "method" | "url"> &
  Partial<Pick<FastifyRequest, "host" | "ip" | "socket" | "routeOptions">>;

/**
 * The request as the log keeps it: the path without its query string, and the route that
 * answered it. Query strings carry what staff searched for (names, emails of an export) and
 * links' tokens; the log is kept for weeks and read by more people than the CRM.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url.split("?")[0],
    route: request.routeOptions?.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
