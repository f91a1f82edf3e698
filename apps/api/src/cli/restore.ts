// `npm run db:restore -- <archivo> [--force]`: replaces the configured database by a backup.
//   PostgreSQL (DATABASE_URL): pg_restore in one transaction; a non-empty target needs --force.
//   PGlite (DATA_DIR): loaded into a fresh directory; an existing DATA_DIR needs --force and is kept
//     beside it as <DATA_DIR>.before-restore-<time>.
// Stop every server first. Migrations newer than the backup run at the next start.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError, backupKindOf, restorePglite, restorePostgres } from "../db/backup.ts";
import { runCommand } from "./run-command.ts";

const USAGE = `Uso: npm run db:restore -- <archivo> [--force]
  Reemplaza la base de datos configurada (DATABASE_URL, o DATA_DIR para PGlite) por el respaldo.
  Detén los servidores antes. --force: reemplaza una base de datos que no está vacía.`;

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  });
  const [given] = positionals;
  if (values.help || !given || positionals.length > 1) throw new BackupError(USAGE);
  const file = path.resolve(given);
  const config = loadConfig();
  const kind = await backupKindOf(file);
  if (!kind) throw new BackupError(`${file} no es un respaldo de db:backup.`);
  if (kind === "pglite" && config.databaseUrl) {
    throw new BackupError(`${file} es un respaldo de PGlite, pero DATABASE_URL apunta a PostgreSQL.`);
  }
  if (kind === "postgres" && !config.databaseUrl) {
    throw new BackupError(`${file} es un respaldo de PostgreSQL: define DATABASE_URL con la base de destino.`);
  }
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, { force: values.force });
    console.log(`Respaldo restaurado en PostgreSQL desde ${file}.`);
    return;
  }
  const { keptAs } = await restorePglite(config.dataDir, file, { force: values.force });
  console.log(`Respaldo restaurado en ${config.dataDir} desde ${file}.`);
  if (keptAs) console.log(`La carpeta anterior quedó en ${keptAs}: bórrala cuando compruebes el resultado.`);
}

runCommand(main, [BackupError]);
