import type { TestProject } from "vitest/node";
import { createPostgresTemplate, writeSnapshot } from "./database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each test database is copied from (test/database.ts). */
    postgresTemplate: string | undefined;
  }
}

// Once per run, before any test file: the migrated PGlite database every file starts from
// (test/database.ts). Creating an empty PostgreSQL cluster costs PGlite about 2 s; loading the
// snapshot about 0.4 s, once per database the tests open. With TEST_DATABASE_URL, the same for
// PostgreSQL: a migrated template, copied for each database the tests open.
export default async function setup(project: TestProject) {
  await writeSnapshot();
  const template = await createPostgresTemplate();
  project.provide("postgresTemplate", template?.name);
  return async () => {
    await template?.drop();
  };
}
