import type { Db } from "../../db/client.ts";
import { findUserById } from "../accounts/index.ts";
import type { ClaimedEmail, EmailLinks, EmailRenderers } from "../email/index.ts";
import { taskDigestContents } from "./digest.ts";
import { taskDigestEmail } from "./digest-email.ts";

// The email the tasks send through the outbox: the morning digest, listing the tasks as they are
// when it leaves.

async function taskDigest(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const { userId, day, at } = (email.payload ?? {}) as { userId?: number; day?: string; at?: string };
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user || !day || !at) throw new Error(`task digest of user ${userId} without its account or day`);
  const digest = await taskDigestContents(db, { userId: user.id, day, at: new Date(at) }, publicUrl);
  return taskDigestEmail(user.displayName, digest);
}

export const taskEmailRenderers: EmailRenderers<"task_digest"> = { task_digest: taskDigest };
