import type { SubmittedDetails } from "@app/shared";
import { storedToE164 } from "@app/shared/phone";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { recordAudit } from "../audit/index.ts";
import { findSubmittedDetails } from "./message-repo.ts";
import { findContact, updateStoredDetails } from "./repo.ts";
import { type Actor, contactDetail, EmailTakenError } from "./service.ts";

// "Usar estos datos" (decision 040): the public form never changes a known contact; the details a
// returning sender typed stay with their message, and staff copy them over with one action.

export class DetailsInReviewError extends Error {
  override name = "DetailsInReviewError";
}

export class NoSubmittedDetailsError extends Error {
  override name = "NoSubmittedDetailsError";
}

const DETAIL_FIELDS = ["firstName", "lastName", "email", "countryCode", "phone", "company"] as const;

/**
 * Makes message `messageId`'s typed details the contact's. A message still waiting for review is
 * refused (it may be anyone's words: accept it first); accepting it never copies them by itself.
 * Answers the contact as stored now, or undefined when there is no such message.
 */
export async function applySubmittedDetails(db: Db, messageId: number, actor: Actor) {
  const found = await findSubmittedDetails(db, messageId);
  if (!found) return undefined;
  if (found.inReview) throw new DetailsInReviewError();
  if (!found.submittedDetails) throw new NoSubmittedDetailsError();
  const details = pick(found.submittedDetails);
  const before = await findContact(db, found.clientId);
  if (!before) return undefined;
  const fields = DETAIL_FIELDS.filter((field) => before[field] !== details[field]);
  if (fields.length > 0) {
    try {
      await updateStoredDetails(db, found.clientId, details);
    } catch (error) {
      // The contact's address was changed since to one that differs in more than case, and another
      // contact holds the typed one.
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
    await recordAudit(db, {
      action: "client_updated",
      actor: { id: actor.staff.id, username: actor.staff.username },
      ip: actor.ip,
      details: { clientId: found.clientId, fromMessageId: messageId, fields },
    });
  }
  return contactDetail(db, found.clientId);
}

/** Only the stored fields, whatever else a stored JSON value may carry; the number in E.164. */
const pick = (details: SubmittedDetails): SubmittedDetails => ({
  firstName: details.firstName,
  lastName: details.lastName,
  email: details.email,
  countryCode: details.countryCode,
  phone: storedToE164(details.phone, details.countryCode),
  company: details.company,
});
