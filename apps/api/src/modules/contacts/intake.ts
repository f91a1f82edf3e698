import { createHash } from "node:crypto";
import type { ContactRequest } from "@app/shared";
import { CONTACT_LIMITS, PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { ReviewReason } from "../../db/schema.ts";
import type { OutboxEmail } from "../email/outbox.ts";
import { publishLive } from "../live/live-event.ts";
import type { ServiceTypeCatalog } from "../service-types/catalog.ts";
import type { ContactRequestWriter } from "./contact-request-writer.ts";
import { findRequestHashByIdempotencyKey } from "./intake-repo.ts";

export type SubmissionContext = {
  idempotencyKey: string | undefined;
  ip: string;
  userAgent: string | undefined;
};

export type SubmissionResult = {
  /** created: stored now; replayed: the same request was stored before under this idempotency key. */
  outcome: "created" | "replayed";
  message: string;
  /** Whether emails were queued (the worker should look now). */
  queuedEmails: boolean;
};

export class UnknownServicesError extends Error {
  constructor(readonly titles: string[]) {
    super(`Hay productos o servicios que no existen: ${titles.join(", ")}`);
  }
}

export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super("Esta clave de idempotencia ya se usó con otra solicitud distinta.");
  }
}

/** A filled honeypot or an impossibly fast fill: kept, but for review rather than the main list. */
export function reviewReasonsOf(request: Pick<ContactRequest, "website" | "fillTimeMs">): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (request.website && request.website.trim() !== "") reasons.push("honeypot");
  // No timing at all (an API client) is not suspicious; only a measured, too short fill is.
  if (request.fillTimeMs !== undefined && request.fillTimeMs < CONTACT_LIMITS.minFillTimeMs) reasons.push("too_fast");
  return reasons;
}

const fingerprint = (request: ContactRequest) => createHash("sha256").update(JSON.stringify(request)).digest("hex");

const thanks = (request: ContactRequest) =>
  `¡Gracias, ${request.firstName}! Hemos recibido tu mensaje y te responderemos en menos de 24 horas.`;

/** Who is told about a request: the staff (replying goes to the sender) and the sender. */
function emailsFor(request: ContactRequest, config: Config): OutboxEmail[] {
  const staff: OutboxEmail[] = config.staffNotifyEmail
    ? [{ kind: "staff_notification", to: config.staffNotifyEmail, replyTo: request.email }]
    : [];
  return [...staff, { kind: "contact_confirmation", to: request.email }];
}

export type ContactServiceDeps = { db: Db; catalog: ServiceTypeCatalog; writer: ContactRequestWriter; config: Config };

/**
 * Stores a contact request and queues its emails, once per idempotency key. Suspicious requests are
 * stored for review and answered exactly like the others (a bot learns nothing), without emails.
 */
export async function submitContactRequest(
  { db, catalog, writer, config }: ContactServiceDeps,
  request: ContactRequest,
  context: SubmissionContext,
): Promise<SubmissionResult> {
  const { found, unknown } = await catalog.resolve(request.serviceList);
  if (unknown.length > 0) throw new UnknownServicesError(unknown);

  const requestHash = fingerprint(request);
  const replay = async (): Promise<SubmissionResult> => {
    const storedHash = context.idempotencyKey
      ? await findRequestHashByIdempotencyKey(db, context.idempotencyKey)
      : undefined;
    if (storedHash !== requestHash) throw new IdempotencyKeyReusedError();
    return { outcome: "replayed", message: thanks(request), queuedEmails: false };
  };

  const reviewReasons = reviewReasonsOf(request);
  const emails = reviewReasons.length === 0 ? emailsFor(request, config) : [];
  const consentGiven = request.consent === true;
  let messageId: number | undefined;
  try {
    messageId = await writer.write({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      countryCode: request.countryCode,
      phone: request.phone,
      company: request.company,
      message: request.message,
      serviceTypeIds: found.map((service) => service.id),
      consentGiven,
      privacyNoticeVersion: consentGiven ? PRIVACY_NOTICE_VERSION : null,
      reviewReasons,
      fillTimeMs: request.fillTimeMs ?? null,
      source: request.source ?? null,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, CONTACT_LIMITS.sourceText) ?? null,
      idempotencyKey: context.idempotencyKey ?? null,
      requestHash,
      emails,
    });
  } catch (error) {
    // Two copies of one retried request raced: the other one was stored.
    if (context.idempotencyKey && isUniqueViolation(error)) return replay();
    throw error;
  }
  // The key was used before (a retry, or its racing copy): answer as the first time, if it is the same request.
  if (messageId === undefined) return replay();
  if (reviewReasons.length === 0) publishLive(db, { kind: "lead_created", messageId });
  return { outcome: "created", message: thanks(request), queuedEmails: emails.length > 0 };
}
