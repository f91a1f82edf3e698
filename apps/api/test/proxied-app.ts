import { buildApp } from "../src/app.ts";
import type { Config } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TcpProxy } from "./tcp-proxy.ts";

export type ProxiedApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Between the app and PostgreSQL: stop, blackhole or cut it to make a database fault. */
  proxy: TcpProxy;
  /** The fresh database itself, reached directly (to count what was stored). */
  testDb: TestDatabase;
  close: () => Promise<void>;
};

/** The app on a fresh PostgreSQL database that it reaches only through a TCP proxy. */
export async function appBehindProxy(config: Config): Promise<ProxiedApp> {
  const testDb = await createTestDatabase("postgres");
  const target = new URL(testDb.databaseUrl ?? "");
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.up();
  const database: Database = await openDatabase({ databaseUrl: proxy.route(testDb.databaseUrl ?? ""), dataDir: "" });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    proxy,
    testDb,
    async close() {
      await app.close();
      await database.close();
      await proxy.down();
      await testDb.drop();
    },
  };
}
