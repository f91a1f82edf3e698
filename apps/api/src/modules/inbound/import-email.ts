import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contacts,
  type InboundOutcome,
  inboundEmails,
  messageAttachments,
  type ReviewReason,
  users,
} from "../../db/schema/index.ts";
import { byteaValue } from "../../db/sql-helpers.ts";
import { addReceivedEmail } from "../contacts/index.ts";
import { queueEmails } from "../email/index.ts";
import { type SenderVerdict, senderVerdict } from "./authentication-results.ts";
import { applyBounce } from "./bounce.ts";
import type { InboundEmail } from "./parse-email.ts";
import { type ConversationMatch, findConversation, importedBefore } from "./repo.ts";

/** Where an email sits in the mailbox: its key in the ledger. */
export type MailboxPlace = { mailbox: string; uidValidity: number; uid: number; size: number };

export type ImportSettings = {
  /** The shared mailbox's address: plus addresses on it name conversations. */
  mailboxAddress: string;
  /** Told of an answer when its contact has no owner with an address. */
  staffNotifyEmail: string | undefined;
  /** The authserv-ids of our receiving mail server: its Authentication-Results say who sent an email. */
  authservIds: string[];
};

/** What became of one email, for the reader's log and the live update. */
export type ImportResult =
  | { outcome: "duplicate" }
  | {
      outcome: Exclude<InboundOutcome, "imported">;
      reason: string;
      clientId?: number | undefined;
      messageId?: number | undefined;
    }
  | { outcome: "imported"; clientId: number; messageId: number; newClient: boolean; inReview: boolean };

/** Splits "María José Pérez" into a first and a last name the way people write them here. */
function namesOf(display: string, address: string) {
  const words = display.replace(/["']/g, "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: address.split("@")[0] ?? address, lastName: "" };
  if (words.length === 1) return { firstName: words[0] ?? "", lastName: "" };
  const half = Math.ceil(words.length / 2);
  return {
    firstName: words.slice(0, half).join(" ").slice(0, 100),
    lastName: words.slice(half).join(" ").slice(0, 100),
  };
}

/**
 * Why an email waits in `Por revisar` instead of joining its conversation as Pendiente. The token
 * and the Message-IDs of a conversation travel in every email of it, so a match by them is the
 * contact's answer only when it comes from the contact's address; the address alone is anyone's to
 * write in a From, so that match needs our mail server to vouch for the sender. And an email the
 * sender's own domain calls forged (DMARC) is never taken at its word.
 */
function reviewReasonsOf(match: ConversationMatch | undefined, from: string, verdict: SenderVerdict): ReviewReason[] {
  if (!match) return ["unknown_sender"];
  if (from !== match.clientEmail) return ["sender_mismatch"];
  if (verdict === "failed" || (match.via === "sender" && verdict !== "verified")) return ["sender_unverified"];
  return [];
}

/**
 * Records one email of the mailbox, in one transaction with its ledger row: the unique key
 * (mailbox, UIDVALIDITY, UID) makes a second import of the same email a no-op, whether it comes
 * from a restart after a crash or from a second instance.
 *
 * - A contact's answer becomes a message of their conversation (`Correo recibido`), Pendiente, with
 *   its files and its From; the contact's owner (or the staff address) is emailed.
 * - An email in a contact's conversation that may not be theirs (reviewReasonsOf) joins it in
 *   `Por revisar`; a stranger's email becomes a new contact whose message waits there too.
 * - A delivery report marks the email it returns `Rebotado` (bounce.ts); an automatic answer is
 *   only recorded.
 * - What cannot be read was already turned into `unreadable` by the caller, with its reason.
 */
export async function importEmail(
  db: Db,
  place: MailboxPlace,
  email:
    | InboundEmail
    | { unreadable: string; messageId?: string | undefined; from?: string | undefined; subject?: string | undefined },
  settings: ImportSettings,
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const header =
      "unreadable" in email ? email : { messageId: email.messageId, from: email.from?.address, subject: email.subject };
    const [ledger] = await tx
      .insert(inboundEmails)
      .values({
        ...place,
        emailMessageId: header.messageId ?? null,
        fromAddress: header.from?.slice(0, 320) ?? null,
        subject: header.subject?.slice(0, 500) ?? null,
        outcome: "set_aside",
      })
      .onConflictDoNothing()
      .returning({ id: inboundEmails.id });
    if (!ledger) return { outcome: "duplicate" } as const;
    const record = async (result: ImportResult) => {
      if (result.outcome === "duplicate") return result;
      await tx
        .update(inboundEmails)
        .set({
          outcome: result.outcome,
          reason: "reason" in result ? result.reason : null,
          messageId: result.messageId ?? null,
        })
        .where(eq(inboundEmails.id, ledger.id));
      return result;
    };

    if ("unreadable" in email) return record({ outcome: "set_aside", reason: email.unreadable });
    if (email.kind === "auto_reply") return record({ outcome: "auto_reply", reason: "Respuesta automática" });
    if (email.kind === "bounce" && email.bounce) return record(await applyBounce(tx, email.bounce));
    if (!email.from) return record({ outcome: "set_aside", reason: "Sin remitente válido" });
    if (email.messageId && (await importedBefore(tx, email.messageId))) {
      return record({ outcome: "set_aside", reason: "Repetido: ya se importó un correo con el mismo Message-ID" });
    }

    const match = await findConversation(tx, email, settings.mailboxAddress);
    const verdict = senderVerdict(email.authenticationResults, email.from.address, settings.authservIds);
    const reviewReasons = reviewReasonsOf(match, email.from.address, verdict);
    const { clientId, messageId } = await addReceivedEmail(
      tx,
      match ? { clientId: match.clientId } : { newClient: namesOf(email.from.name, email.from.address) },
      {
        text: email.text,
        subject: email.subject,
        quoted: email.quoted,
        emailMessageId: email.messageId,
        from: email.from.address,
        reviewReasons,
      },
    );
    if (email.attachments.length > 0) {
      await tx.insert(messageAttachments).values(
        email.attachments.map((file) => ({
          ...file,
          content: file.content ? byteaValue(file.content) : null,
          messageId,
        })),
      );
    }

    // The owner hears of the answer; without one (or a stranger's email) the staff address does.
    const [owner] = match
      ? await tx
          .select({ email: users.email })
          .from(contacts)
          .innerJoin(users, eq(users.id, contacts.ownerId))
          .where(eq(contacts.id, clientId))
      : [];
    const notify = owner?.email ?? settings.staffNotifyEmail;
    if (notify) await queueEmails(tx, [{ kind: "client_email_received", messageId, to: notify }]);
    return record({
      outcome: "imported",
      clientId,
      messageId,
      newClient: !match,
      inReview: reviewReasons.length > 0,
    });
  });
}
