import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";

/**
 * The key that signs access tokens. Production must configure JWT_SECRET (config.ts refuses to start
 * without it). Elsewhere a random key is generated once into DATA_DIR, so sessions survive restarts
 * on a developer's machine; an in-memory database gets a key for the life of the process.
 */
export async function resolveJwtSecret(config: Config): Promise<Buffer> {
  if (config.jwtSecret) return Buffer.from(config.jwtSecret, "utf8");
  if (config.dataDir.startsWith("memory://")) return randomBytes(48);
  const file = path.join(config.dataDir, "jwt-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 64) return Buffer.from(stored, "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(48);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret.toString("base64url"), { mode: 0o600 });
  return secret;
}
