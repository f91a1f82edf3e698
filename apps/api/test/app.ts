import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { createTestDatabase, type Engine, type TestDatabase } from "./database.ts";

export type TestApp = { app: FastifyInstance; db: TestDatabase; close: () => Promise<void> };

/** The whole application on a fresh database, without the web build unless asked for. */
export async function createTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const db = await createTestDatabase(engine);
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }), ...overrides };
  const app = await buildApp({ config, database: db.database, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
