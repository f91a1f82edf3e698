import type { CreateUserRequest, SignatureValues, UpdateUserRequest } from "@app/shared";
import { AUTH_MESSAGES } from "@app/shared/constants";
import type { Db } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../db/errors.ts";
import { recordAudit } from "../../audit/index.ts";
import { hashPassword, passwordProblem } from "../auth/passwords.ts";
import { PasswordRejectedError } from "../auth/service.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { notifySecurity } from "../second-factor/service.ts";
import {
  countOtherActiveAdmins,
  findUserById,
  findUserByUsername,
  insertUser,
  listActiveAdministrators,
  type UserRow,
  updateUser,
} from "./repo.ts";

// Account management, shared by the Usuarios screen (routes.ts) and the terminal (cli/user.ts).

export type Actor = { id: number; username: string } | undefined;

/** A change refused for a reason a person can fix (409 on the API). */
export class AccountConflictError extends Error {
  override name = "AccountConflictError";
  constructor(
    message: string,
    /** The field the person must change, when one is to blame. */
    readonly field?: "username" | "email",
  ) {
    super(message);
  }
}

export type CreateOptions = {
  ip?: string | undefined;
  /** Default: when someone else chose the password (an administrator), the person replaces it. */
  mustChangePassword?: boolean;
};

export async function createUser(db: Db, input: CreateUserRequest, actor: Actor, options: CreateOptions = {}) {
  const problem = await passwordProblem(db, input.password, input);
  if (problem) throw new PasswordRejectedError(problem);
  const created = await insertUser(db, {
    username: input.username,
    displayName: input.displayName,
    email: input.email ?? null,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    mustChangePassword: options.mustChangePassword ?? actor !== undefined,
    jobTitle: input.jobTitle ?? null,
    phone: input.phone ?? null,
    whatsapp: input.whatsapp ?? null,
  });
  if (!created) {
    // Say which one, so the form can show it under its field.
    const takenName = await findUserByUsername(db, input.username);
    throw takenName || !input.email
      ? new AccountConflictError(AUTH_MESSAGES.usernameTaken, "username")
      : new AccountConflictError(AUTH_MESSAGES.emailTaken, "email");
  }
  await recordAudit(db, {
    action: "user_created",
    actor,
    target: created,
    ip: options.ip,
    details: { role: created.role },
  });
  if (created.role === "administrador") await tellAdministrators(db, created, actor);
  return created;
}

/**
 * A new administrator is news for the others (decision 039): a stolen administrator session that
 * makes itself an accomplice account does not go unseen. Every other active administrator with an
 * address is emailed, the one who did it too (their mailbox may be read by the real person).
 */
async function tellAdministrators(db: Db, target: { id: number; username: string }, actor: Actor) {
  const by = actor ? ((await findUserById(db, actor.id))?.displayName ?? actor.username) : "la terminal del servidor";
  for (const admin of await listActiveAdministrators(db)) {
    if (admin.id !== target.id)
      await notifySecurity(db, admin, { event: "admin_granted", username: target.username, by });
  }
}

export async function changeUser(db: Db, id: number, changes: UpdateUserRequest, actor: Actor, ip?: string) {
  const current = await findUserById(db, id);
  if (!current) return undefined;
  // Any other role takes the administration away (a content editor cannot open Usuarios either).
  const demoted = changes.role !== undefined && changes.role !== "administrador" && current.role === "administrador";
  const disabled = changes.active === false && current.active;
  if (actor?.id === id && (demoted || disabled)) throw new AccountConflictError(AUTH_MESSAGES.selfChange);
  if ((demoted || disabled) && current.role === "administrador" && (await countOtherActiveAdmins(db, id)) === 0) {
    throw new AccountConflictError(AUTH_MESSAGES.lastAdmin);
  }
  let updated: UserRow | undefined;
  try {
    updated = await updateUser(db, id, { ...changes, endSessions: disabled || demoted });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountConflictError(AUTH_MESSAGES.emailTaken, "email");
    throw error;
  }
  if (disabled) await revokeUserSessions(db, id, "disabled");
  if (demoted) await revokeUserSessions(db, id, "role_changed");
  await recordAudit(db, { action: "user_updated", actor, target: current, ip, details: { ...changes } });
  if (changes.role === "administrador" && current.role !== "administrador")
    await tellAdministrators(db, current, actor);
  return updated;
}

/** An administrator's temporary password: to be changed at next sign-in; every session ends. */
export async function setTemporaryPassword(db: Db, id: number, password: string, actor: Actor, ip?: string) {
  const current = await findUserById(db, id);
  if (!current) return undefined;
  const problem = await passwordProblem(db, password, current);
  if (problem) throw new PasswordRejectedError(problem);
  const updated = await updateUser(db, id, {
    passwordHash: await hashPassword(password),
    mustChangePassword: actor?.id !== id,
    endSessions: true,
  });
  await revokeUserSessions(db, id, "password_set");
  await recordAudit(db, { action: "user_password_set", actor, target: current, ip });
  return updated;
}

/**
 * An administrator (or the terminal) signs an account out of every device: its sessions end and
 * its access tokens stop working at once (ASVS 7.4.5). Audited; the number of sessions ended.
 */
export async function endUserSessions(db: Db, id: number, actor: Actor, ip?: string) {
  const current = await findUserById(db, id);
  if (!current) return undefined;
  await updateUser(db, id, { endSessions: true });
  const ended = await revokeUserSessions(db, id, "ended_by_administrator");
  await recordAudit(db, { action: "session_ended", actor, target: current, ip, details: { sessions: ended } });
  return ended;
}

/**
 * A person's own signature ("Mi firma"): the whole of it, a field left out is cleared. Audited like
 * an administrator's change to the account, with the person as both actor and target.
 */
export async function changeOwnSignature(db: Db, actor: NonNullable<Actor>, input: SignatureValues, ip?: string) {
  const signature = { jobTitle: input.jobTitle ?? null, phone: input.phone ?? null, whatsapp: input.whatsapp ?? null };
  const updated = await updateUser(db, actor.id, signature);
  if (updated) await recordAudit(db, { action: "user_updated", actor, target: actor, ip, details: signature });
  return updated;
}
