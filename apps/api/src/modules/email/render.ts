import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, messageServiceTypes, serviceTypes } from "../../db/schema.ts";
import { newResetToken, RESET_LINK_MINUTES } from "../accounts/auth/password-reset.ts";
import { findUserById } from "../accounts/users/repo.ts";
import { findClient } from "../contacts/repo.ts";
import { receivedEmailSummary } from "../inbound/received-summary.ts";
import { readContactDetails } from "../site/index.ts";
import { taskDigestContents } from "../tasks/digest.ts";
import type { ClaimedEmail } from "./outbox.ts";
import { replySignature } from "./reply-signature.ts";
import {
  type ContactSummary,
  clientEmailReceived,
  clientReplyEmail,
  contactConfirmation,
  contactNotification,
  contactsAssignedEmail,
  type Email,
  ownerAssignedEmail,
  passwordResetEmail,
  type SecurityNotice,
  securityNoticeEmail,
  taskDigestEmail,
} from "./templates.ts";

type ServiceTypeRow = typeof serviceTypes.$inferSelect;

export type EmailLinks = { publicUrl: string };

/**
 * What the contact emails say about a message: the person, what they wrote and asked about. `asTyped`
 * takes the details the person typed with this message where they differ from the stored contact's
 * (a returning sender, decision 040): the staff are told what was sent.
 */
async function contactSummary(db: Db, messageId: number, asTyped = false): Promise<ContactSummary | undefined> {
  // The titles in the order the person chose them, gathered in the same query.
  const titles = db
    .select({ title: serviceTypes.title })
    .from(messageServiceTypes)
    .innerJoin(serviceTypes, eq(serviceTypes.id, messageServiceTypes.serviceTypeId))
    .where(eq(messageServiceTypes.messageId, clientMessages.id))
    .orderBy(asc(messageServiceTypes.position));
  const [row] = await db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: clients.phone,
      company: clients.company,
      message: clientMessages.message,
      source: clientMessages.source,
      submittedDetails: clientMessages.submittedDetails,
      services: sql<ServiceTypeRow["title"][]>`array(${titles})`,
    })
    .from(clientMessages)
    .innerJoin(clients, eq(clients.id, clientMessages.clientId))
    .where(eq(clientMessages.id, messageId));
  if (!row) return undefined;
  const { source, submittedDetails, ...summary } = row;
  const typed = asTyped && submittedDetails ? submittedDetails : {};
  return { ...summary, ...typed, page: source?.page ?? undefined };
}

/** Builds a queued email's subject and bodies from what is stored now. */
export async function renderEmail(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks): Promise<Email> {
  switch (email.kind) {
    case "staff_notification":
    case "contact_confirmation": {
      const summary =
        email.messageId === undefined
          ? undefined
          : await contactSummary(db, email.messageId, email.kind === "staff_notification");
      // Deleting a message deletes its queued emails too; this only happens in a race with that.
      if (!summary) throw new Error(`message ${email.messageId} no longer exists`);
      return email.kind === "staff_notification"
        ? contactNotification(summary, `${publicUrl}/crm/mensajes`)
        : contactConfirmation(summary.services, `${publicUrl}/privacidad`, await readContactDetails(db));
    }
    case "client_reply": {
      const summary = email.messageId === undefined ? undefined : await contactSummary(db, email.messageId);
      const { reply, staffName } = (email.payload ?? {}) as { reply?: string; staffName?: string };
      if (!summary || !reply || email.messageId === undefined)
        throw new Error(`reply to message ${email.messageId} without its message or text`);
      return clientReplyEmail(
        summary,
        reply,
        await replySignature(db, email.messageId, staffName),
        await readContactDetails(db),
      );
    }
    case "password_reset": {
      const { userId } = (email.payload ?? {}) as { userId?: number };
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      // The token is made now, as the email leaves: nothing usable waits in the outbox.
      const token = user ? await newResetToken(db, user.id) : undefined;
      if (!user || !token) throw new Error("password reset without its account or an open reset");
      // A fragment, not a query: the token never reaches a server log or a Referer header.
      const link = `${publicUrl}/restablecer-contrasena#token=${encodeURIComponent(token)}`;
      return passwordResetEmail(user.displayName, link, RESET_LINK_MINUTES);
    }
    case "owner_assigned": {
      const { clientId, ownerName, assignedBy, count } = (email.payload ?? {}) as {
        clientId?: number;
        ownerName?: string;
        assignedBy?: string;
        count?: number;
      };
      if (count !== undefined && count > 1 && ownerName && assignedBy) {
        return contactsAssignedEmail(ownerName, count, assignedBy, `${publicUrl}/crm/mensajes?responsable=mios`);
      }
      const client = clientId === undefined ? undefined : await findClient(db, clientId);
      // The contact was deleted before the email went out: nothing left to announce.
      if (!client || !ownerName || !assignedBy)
        throw new Error(`assignment of contact ${clientId} without its contact`);
      const name = `${client.firstName} ${client.lastName}`.trim();
      return ownerAssignedEmail(
        ownerName,
        { name, company: client.company },
        assignedBy,
        `${publicUrl}/crm/mensajes?contacto=${client.id}`,
      );
    }
    case "client_email_received": {
      const received = email.messageId === undefined ? undefined : await receivedEmailSummary(db, email.messageId);
      if (!received) throw new Error(`received email ${email.messageId} no longer exists`);
      return clientEmailReceived(received, `${publicUrl}/crm/mensajes?contacto=${received.clientId}`);
    }
    case "security_notice": {
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
    case "task_digest": {
      const { userId, day, at } = (email.payload ?? {}) as { userId?: number; day?: string; at?: string };
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (!user || !day || !at) throw new Error(`task digest of user ${userId} without its account or day`);
      const digest = await taskDigestContents(db, { userId: user.id, day, at: new Date(at) }, publicUrl);
      return taskDigestEmail(user.displayName, digest);
    }
  }
}
