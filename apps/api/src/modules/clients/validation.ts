import type { FastifyInstance } from "fastify";

/** Whether any of these ids is not a service type (a 400 for the caller). */
export async function unknownServiceIds(app: FastifyInstance, ids: number[]) {
  const known = new Set((await app.serviceTypeCatalog.list()).map((type) => type.id));
  return ids.some((id) => !known.has(id));
}
