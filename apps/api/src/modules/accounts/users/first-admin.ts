import { randomBytes } from "node:crypto";
import type { Config } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { countUsers } from "./repo.ts";
import { createUser } from "./service.ts";

export type FirstAdmin = { username: string; generatedPassword: string | undefined };

/**
 * On an empty database, the first administrator (a promise of the README): ADMIN_USERNAME with
 * ADMIN_PASSWORD, or a generated password the caller prints once and that must be changed at first
 * sign-in.
 * Several instances may start together on one PostgreSQL: the unique username makes one of them win.
 */
export async function ensureFirstAdmin(db: Db, { admin }: Config): Promise<FirstAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const generatedPassword = admin.password ? undefined : randomBytes(18).toString("base64url");
  try {
    await createUser(
      db,
      {
        username: admin.username,
        displayName: "Administrador",
        email: admin.email ?? null,
        role: "administrador",
        password: admin.password ?? (generatedPassword as string),
      },
      undefined,
      { mustChangePassword: generatedPassword !== undefined },
    );
  } catch (error) {
    if ((await countUsers(db)) > 0) return undefined; // another instance created it first
    throw error;
  }
  return { username: admin.username, generatedPassword };
}
