import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";

// `npm run db:backup` / `npm run db:restore`: one file per backup, for either engine.
//   PostgreSQL: pg_dump's custom format, restored by pg_restore in one transaction.
//   PGlite: the data directory as a gzipped tarball (PGlite's dumpDataDir), restored into a fresh directory.

/** A mistake the person running the command can fix: printed as is, exit code 2. */
export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupKind = "postgres" | "pglite";

/** `backups/postgres-2026-11-23T12-15-00Z.dump`, relative to the working directory. */
export function defaultBackupFile(kind: BackupKind, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.resolve("backups", `${kind}-${stamp}.${kind === "postgres" ? "dump" : "tar.gz"}`);
}

/** What a file holds, from its first bytes: pg_dump's custom format starts with PGDMP, gzip with 1f 8b. */
export async function backupKindOf(file: string): Promise<BackupKind | undefined> {
  const handle = await open(file, "r").catch(() => {
    throw new BackupError(`No existe el archivo de respaldo ${file}.`);
  });
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString("latin1") === "PGDMP") return "postgres";
    if (buffer[0] === 0x1f && buffer[1] === 0x8b) return "pglite";
    return undefined;
  } finally {
    await handle.close();
  }
}

/** Connection settings for the PostgreSQL tools, with the password in the environment rather than argv (ps). */
function libpqArgs(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** A PostgreSQL client tool as a child process; `done` settles when it exits, with its stderr on failure. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, stdio: { stdin: boolean; stdout: boolean }) {
  const child = spawn(command, args, {
    env,
    stdio: [stdio.stdin ? "pipe" : "ignore", stdio.stdout ? "pipe" : "inherit", "pipe"],
  });
  // A tool that stops early closes its input: the error is its exit code, not a crash of ours.
  child.stdin?.on("error", () => {});
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (error) => {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      reject(
        missing
          ? new BackupError(`No se encontró ${command}: instala el cliente de PostgreSQL (postgresql-client).`)
          : error,
      );
    });
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} terminó con ${signal ?? `el código ${code}`}:\n${stderr.trim()}`));
    });
  });
  return { child, done };
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  start(command, args, env, { stdin: false, stdout: false }).done;

/** Written next to its final name and renamed at the end: a failed backup never looks like a good one. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>) {
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new BackupError(`El archivo ${file} ya existe: elige otro nombre.`);
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function backupPostgres(databaseUrl: string, file: string) {
  const { dbname, env } = libpqArgs(databaseUrl);
  await writeAtomically(file, (partial) =>
    run("pg_dump", ["--format=custom", "--compress=6", `--file=${partial}`, `--dbname=${dbname}`], env),
  );
}

/** Tables in the target outside PostgreSQL's own schemas: more than zero means someone's data is there. */
async function countTables(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Makes the target exactly what the backup holds, in one transaction (psql --single-transaction): with
 * `force`, the application's schemas are dropped first, so tables a later migration added do not
 * survive next to an older backup. A failure leaves the target as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string, { force = false } = {}) {
  if ((await backupKindOf(file)) !== "postgres") {
    throw new BackupError(`${file} no es un respaldo de PostgreSQL (pg_dump, formato custom).`);
  }
  const tables = await countTables(databaseUrl);
  if (tables > 0 && !force) {
    throw new BackupError(
      `La base de datos de destino no está vacía (${tables} tablas). Detén los servidores y repite con --force para reemplazarla por el respaldo.`,
    );
  }
  const { dbname, env } = libpqArgs(databaseUrl);
  // pg_restore's SQL streams into psql, which holds it all in one transaction. psql's input ends only
  // once pg_restore has succeeded: if pg_restore fails, psql is stopped and the transaction rolls back.
  const psql = start(
    "psql",
    ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", "--file=-", `--dbname=${dbname}`],
    env,
    { stdin: true, stdout: false },
  );
  let psqlExited = false;
  psql.child.on("exit", () => {
    psqlExited = true;
  });
  if (force) {
    psql.child.stdin?.write(
      "drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n",
    );
  }
  const restore = start("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], env, {
    stdin: false,
    stdout: true,
  });
  if (psql.child.stdin) restore.child.stdout?.pipe(psql.child.stdin, { end: false });
  let stoppedByUs = false;
  const [restored, loaded] = await Promise.allSettled([
    restore.done.then(
      () => psql.child.stdin?.end(),
      (error) => {
        if (!psqlExited) {
          stoppedByUs = true;
          psql.child.kill("SIGTERM");
        }
        throw error;
      },
    ),
    psql.done,
  ]);
  // psql's own error first: when it stops early, pg_restore only fails on the closed pipe.
  if (loaded.status === "rejected" && !stoppedByUs) throw loaded.reason;
  if (restored.status === "rejected") throw restored.reason;
}

/** PGlite's contrib extensions the migrations use: needed to open the directory at all. */
const PGLITE_OPTIONS = { extensions: { pg_trgm, unaccent } };

/** Needs the server stopped: PGlite is single-process and the data-dir lock says who has it open. */
export async function backupPglite(dataDir: string, file: string) {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`No hay una base de datos PGlite en ${dataDir} (DATA_DIR).`);
  }
  const unlock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    try {
      const dump = await client.dumpDataDir("gzip");
      await writeAtomically(file, async (partial) => writeFile(partial, Buffer.from(await dump.arrayBuffer())));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

const LOCK_FILE = "owner.pid";

/**
 * Loads the tarball into a new directory beside DATA_DIR, checks it opens, then swaps it in. With
 * `force` an existing DATA_DIR is kept as `<DATA_DIR>.before-restore-<time>` (delete it once satisfied).
 */
export async function restorePglite(dataDir: string, file: string, { force = false, now = new Date() } = {}) {
  if ((await backupKindOf(file)) !== "pglite") {
    throw new BackupError(`${file} no es un respaldo de PGlite (archivo .tar.gz de db:backup).`);
  }
  const target = path.resolve(dataDir);
  const existed = existsSync(target);
  const unlock = lockDataDir(target);
  let unlocked = false;
  try {
    const contents = readdirSync(target).filter((name) => name !== LOCK_FILE);
    if (contents.length > 0 && !force) {
      throw new BackupError(
        `${target} (DATA_DIR) no está vacío. Detén el servidor y repite con --force: la carpeta actual se conservará como copia.`,
      );
    }
    const fresh = `${target}.restoring-${process.pid}`;
    rmSync(fresh, { recursive: true, force: true });
    try {
      const blob = new Blob([await readFile(file)]);
      const client = await PGlite.create(fresh, { ...PGLITE_OPTIONS, loadDataDir: blob });
      await client.query("select 1");
      await client.close();
      // The tarball holds the lock file the backup took (its pid, maybe reused by now by another process).
      rmSync(path.join(fresh, LOCK_FILE), { force: true });
    } catch (error) {
      rmSync(fresh, { recursive: true, force: true });
      throw error;
    }
    let keptAs: string | undefined;
    if (contents.length > 0) {
      // Moved with the lock file inside, so no server can open it in between.
      keptAs = `${target}.before-restore-${now
        .toISOString()
        .replace(/\.\d+Z$/, "Z")
        .replaceAll(":", "-")}`;
      renameSync(target, keptAs);
      rmSync(path.join(keptAs, LOCK_FILE), { force: true });
    } else {
      rmSync(target, { recursive: true, force: true });
    }
    unlocked = true;
    renameSync(fresh, target);
    return { keptAs, created: !existed };
  } finally {
    if (!unlocked) unlock();
  }
}
