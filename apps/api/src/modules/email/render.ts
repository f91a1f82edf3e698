import { BRAND } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { RESET_LINK_MINUTES } from "../auth/password-reset.ts";
import { findUserById } from "../users/repo.ts";
import type { ClaimedEmail } from "./outbox.ts";
import {
  type ContactSummary,
  clientReplyEmail,
  contactConfirmation,
  contactNotification,
  type Email,
  passwordResetEmail,
} from "./templates.ts";

export type EmailLinks = { publicUrl: string };

/** What the contact emails say about a message: the person, what they wrote and asked about. */
async function contactSummary(db: Db, messageId: number): Promise<ContactSummary | undefined> {
  const [row] = await queryRows<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    company: string;
    message: string;
    page: string | null;
    services: string[] | null;
  }>(
    db,
    sql`select c.first_name, c.last_name, c.email, c.phone, c.company, m.message, m.source ->> 'page' as page,
               array(select s.title from message_service_types ms join service_types s on s.id = ms.service_type_id
                      where ms.message_id = m.id order by ms.position) as services
          from client_messages m join clients c on c.id = m.client_id
         where m.id = ${messageId}`,
  );
  if (!row) return undefined;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    services: row.services ?? [],
    page: row.page ?? undefined,
  };
}

/** Builds a queued email's subject and bodies from what is stored now. */
export async function renderEmail(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks): Promise<Email> {
  switch (email.kind) {
    case "staff_notification":
    case "contact_confirmation": {
      const summary = email.messageId === undefined ? undefined : await contactSummary(db, email.messageId);
      // Deleting a message deletes its queued emails too; this only happens in a race with that.
      if (!summary) throw new Error(`message ${email.messageId} no longer exists`);
      return email.kind === "staff_notification"
        ? contactNotification(summary, `${publicUrl}/crm/mensajes`)
        : contactConfirmation(summary, `${publicUrl}/privacidad`);
    }
    case "client_reply": {
      const summary = email.messageId === undefined ? undefined : await contactSummary(db, email.messageId);
      const { reply, staffName } = (email.payload ?? {}) as { reply?: string; staffName?: string };
      if (!summary || !reply) throw new Error(`reply to message ${email.messageId} without its message or text`);
      return clientReplyEmail(summary, reply, staffName ?? `El equipo de ${BRAND.name}`);
    }
    case "password_reset": {
      const { userId, token } = (email.payload ?? {}) as { userId?: number; token?: string };
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (!user || !token) throw new Error("password reset without its account or token");
      // A fragment, not a query: the token never reaches a server log or a Referer header.
      const link = `${publicUrl}/restablecer-contrasena#token=${encodeURIComponent(token)}`;
      return passwordResetEmail(user.displayName, link, RESET_LINK_MINUTES);
    }
  }
}
