import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The embedded database is already open in another process (a running server, or the CLI). */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is a single-process database: two processes on one directory corrupt it. The first to open
 * it writes its pid into `owner.pid`; another one refuses to start, unless that process is gone (a
 * crash or kill -9 leaves a stale file, which is taken over).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "owner.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `La base de datos en ${dataDir} está abierta por otro proceso (pid ${owner}). Detén el servidor antes de usar esta orden, o usa la API.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear ${dataDir}`);
}
