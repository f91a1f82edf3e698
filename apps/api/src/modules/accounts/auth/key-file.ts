import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../../config.ts";

/**
 * A secret key: the configured one (production must configure it, config.ts refuses to start
 * without it), else one generated once into DATA_DIR/`fileName` so it survives restarts on a
 * developer's machine; an in-memory database gets a key for the life of the process.
 */
export async function resolveKey(config: Config, configured: string | undefined, fileName: string, bytes: number) {
  if (configured) return Buffer.from(configured, "utf8");
  if (config.dataDir.startsWith("memory://")) return randomBytes(bytes);
  const file = path.join(config.dataDir, fileName);
  try {
    const stored = (await readFile(file, "utf8")).trim();
    // base64url of `bytes` bytes: anything shorter was not written here.
    if (stored.length >= Math.floor((bytes * 4) / 3)) return Buffer.from(stored, "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const key = randomBytes(bytes);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, key.toString("base64url"), { mode: 0o600 });
  return key;
}
