import type { Db } from "../../db/client.ts";
import type { EmailKind } from "../../db/schema/index.ts";
import type { ClaimedEmail } from "./outbox.ts";

/** A file sent with an email (a quote's PDF), made when the email is rendered. */
export type Attachment = { filename: string; content: Buffer; contentType: string };

export type Email = { subject: string; text: string; html: string; attachments?: Attachment[] | undefined };

/** Where the links inside emails point. */
export type EmailLinks = { publicUrl: string };

/** Builds a queued email's subject and bodies from what is stored now. */
export type EmailRenderer = (db: Db, email: ClaimedEmail, links: EmailLinks) => Promise<Email>;

/**
 * The renderer of each kind of email (or of the kinds `K`). The module that sends a kind writes it;
 * the composition root (plugins/outbox.ts) gathers them for the worker, so the outbox imports none
 * of them (decision 050).
 */
export type EmailRenderers<K extends EmailKind = EmailKind> = { [P in K]: EmailRenderer };
