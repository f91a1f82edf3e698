import { BRAND, type Signature } from "@app/shared/constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, users } from "../../db/schema/index.ts";
import { toSignature } from "../accounts/index.ts";

/**
 * Who signs the reply to a message: the staff member who answered it (`replied_by`), with their
 * signature as it is when the email goes out. When that account is gone, the name the reply was
 * queued with (or the company) signs alone.
 */
export async function replySignature(db: Db, messageId: number, queuedName: string | undefined): Promise<Signature> {
  const [row] = await db
    .select({
      displayName: users.displayName,
      jobTitle: users.jobTitle,
      phone: users.phone,
      whatsapp: users.whatsapp,
    })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.repliedBy))
    .where(eq(contactMessages.id, messageId));
  if (row) return toSignature(row);
  return { displayName: queuedName ?? `El equipo de ${BRAND.name}`, jobTitle: null, phone: null, whatsapp: null };
}
