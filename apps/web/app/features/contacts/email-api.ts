import type { ContactEmails } from "@app/shared";
import { authRequest, type DownloadedFile } from "~/lib/api-client";

// The email side of a conversation (issue 14): received emails' files and quoted history, and how
// each reply email is going.

export const loadContactEmails = (contactId: number, signal?: AbortSignal) =>
  authRequest<ContactEmails>(`/clients/${contactId}/emails`, { signal });

/** `Reintentar`: a failed or bounced email goes back to the queue. */
export const retryEmail = (emailId: number) =>
  authRequest<{ queued: true }>(`/emails/${emailId}/retry`, { method: "POST" });

/** A file a contact sent; fetched with the staff token and handed to the browser's downloads. */
export const downloadAttachment = (attachmentId: number) =>
  authRequest<DownloadedFile>(`/attachments/${attachmentId}`, { file: true });
