import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVICE_TYPE_TITLES } from "@app/shared/constants";
import { type Database, type DatabaseOptions, openDatabase } from "./client.ts";
import { applyDataMigrations } from "./data-migrations.ts";
import { serviceTypes } from "./schema/index.ts";

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/** Opens the configured database, applies pending migrations and the reference data. */
export async function prepareDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    await applyDataMigrations(database.db);
    await seedReferenceData(database);
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** Idempotent: adds missing service types, never renames or removes what staff may rely on. */
async function seedReferenceData({ db }: Database) {
  await db
    .insert(serviceTypes)
    .values(SERVICE_TYPE_TITLES.map((title) => ({ title })))
    .onConflictDoNothing({ target: serviceTypes.title });
}
