import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { serviceTypes } from "../../db/schema.ts";

export function listServiceTypes(db: Db) {
  return db.select({ id: serviceTypes.id, title: serviceTypes.title }).from(serviceTypes).orderBy(asc(serviceTypes.id));
}
