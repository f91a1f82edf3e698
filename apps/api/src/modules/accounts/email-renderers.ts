import type { Db } from "../../db/client.ts";
import type { ClaimedEmail, EmailLinks, EmailRenderers } from "../email/index.ts";
import { newResetToken, RESET_LINK_MINUTES } from "./auth/password-reset.ts";
import { passwordResetEmail } from "./auth/password-reset-email.ts";
import { type SecurityNotice, securityNoticeEmail } from "./second-factor/security-notice-email.ts";
import { findUserById } from "./users/repo.ts";

// The emails the accounts send through the outbox, built when each one leaves.

async function passwordReset(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const { userId } = (email.payload ?? {}) as { userId?: number };
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  // The token is made now, as the email leaves: nothing usable waits in the outbox.
  const token = user ? await newResetToken(db, user.id) : undefined;
  if (!user || !token) throw new Error("password reset without its account or an open reset");
  // A fragment, not a query: the token never reaches a server log or a Referer header.
  const link = `${publicUrl}/restablecer-contrasena#token=${encodeURIComponent(token)}`;
  return passwordResetEmail(user.displayName, link, RESET_LINK_MINUTES);
}

async function securityNotice(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const { userId, at, ...notice } = (email.payload ?? {}) as { userId?: number; at?: string } & SecurityNotice;
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user || !at || !notice.event) throw new Error(`security notice of user ${userId} without its account`);
  const when = new Intl.DateTimeFormat("es-EC", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Guayaquil",
  }).format(new Date(at));
  return securityNoticeEmail(user.displayName, notice, when, `${publicUrl}/crm/seguridad`);
}

export const accountEmailRenderers: EmailRenderers<"password_reset" | "security_notice"> = {
  password_reset: passwordReset,
  security_notice: securityNotice,
};
