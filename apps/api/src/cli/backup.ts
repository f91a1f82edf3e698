// `npm run db:backup -- [archivo]`: a backup of the configured database into one file.
//   PostgreSQL (DATABASE_URL): pg_dump custom format, default backups/postgres-<time>.dump
//   PGlite (DATA_DIR): gzipped tarball of the data directory, default backups/pglite-<time>.tar.gz
//     (the server must be stopped: PGlite is single-process)
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError, backupPglite, backupPostgres, defaultBackupFile } from "../db/backup.ts";
import { runCommand } from "./run-command.ts";

const USAGE = `Uso: npm run db:backup -- [archivo]
  Con DATABASE_URL: pg_dump (formato custom), por omisión backups/postgres-<fecha>.dump
  Sin DATABASE_URL: la carpeta DATA_DIR de PGlite (detén el servidor antes), por omisión backups/pglite-<fecha>.tar.gz`;

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length > 1) throw new BackupError(USAGE);
  const config = loadConfig();
  const kind = config.databaseUrl ? "postgres" : "pglite";
  const file = positionals[0] ? path.resolve(positionals[0]) : defaultBackupFile(kind);
  const started = Date.now();
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file);
  console.log(`Respaldo ${kind === "postgres" ? "de PostgreSQL" : `de PGlite (${config.dataDir})`} creado: ${file}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

runCommand(main, [BackupError]);
