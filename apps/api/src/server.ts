import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { prepareDatabase } from "./db/setup.ts";
import { AccountLockJob } from "./modules/accounts/auth/account-lock-job.ts";
import { PasswordRejectedError } from "./modules/accounts/auth/service.ts";
import { ensureFirstAdmin } from "./modules/accounts/users/first-admin.ts";
import { RetentionJob } from "./modules/retention/retention-job.ts";
import { TaskDigestJob } from "./modules/tasks/digest-job.ts";

/** Entry point: config, database, app, listen; SIGTERM/SIGINT close everything in order. */
async function main() {
  const config = loadConfig();
  const database = await prepareDatabase(config);
  const firstAdmin = await ensureFirstAdmin(database.db, config);
  const app = await buildApp({
    config,
    database,
    prettyLog: config.env === "development" && Boolean(process.stdout.isTTY),
  });
  if (firstAdmin?.generatedPassword) {
    // Printed once, on purpose outside the JSON log: nobody else will ever see it.
    console.log(
      `\nPrimera cuenta de administrador creada: usuario "${firstAdmin.username}", contraseña temporal "${firstAdmin.generatedPassword}".\nCámbiala al iniciar sesión; no se volverá a mostrar.\n`,
    );
  } else if (firstAdmin) {
    app.log.info({ username: firstAdmin.username }, "primera cuenta de administrador creada con ADMIN_PASSWORD");
  }

  // Started here rather than in buildApp: tests build many apps and must not have it act on them.
  const retention = new RetentionJob({
    db: database.db,
    log: app.log.child({ component: "retention" }),
    months: config.leadRetentionMonths,
    action: config.leadRetentionAction,
  });
  const digests = new TaskDigestJob({
    db: database.db,
    log: app.log.child({ component: "task-digest" }),
    onQueued: () => app.outbox.kick(),
  });
  const locks = new AccountLockJob(database.db, app.log.child({ component: "account-locks" }));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Past this deadline something is stuck: leave anyway rather than hang a deploy.
    const deadline = setTimeout(() => process.exit(1), 10_000 + config.shutdownDelayMs);
    deadline.unref();
    try {
      // Readiness says "no" first, so a load balancer can stop sending requests here...
      app.lifecycle.shuttingDown = true;
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      // ...then new requests get 503 while those in flight finish.
      app.lifecycle.closing = true;
      await app.close();
      await retention.stop();
      await digests.stop();
      await locks.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  retention.start();
  digests.start();
  locks.start();
  const where = config.databaseUrl ? "PostgreSQL" : `PGlite en ${config.dataDir}`;
  app.log.info(`Listo en http://localhost:${config.port} (base de datos: ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof PasswordRejectedError) {
    console.error(`Configuración inválida:\n  ADMIN_PASSWORD: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error("No se pudo iniciar el servidor:", error);
  process.exit(1);
});
