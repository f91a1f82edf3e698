import { createHash } from "node:crypto";
import type { ContactRequest } from "@app/shared";
import { CONTACT_LIMITS, PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import { toE164 } from "@app/shared/phone";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { ReviewReason } from "../../db/schema/index.ts";
import type { OutboxEmail } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import type { ServiceTypeCatalog } from "../service-types/index.ts";
import type { ContactRequestWriter } from "./contact-request-writer.ts";
import type { FormTokens } from "./form-token.ts";
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

/**
 * A filled honeypot, an impossibly fast fill, or a form token that is missing, not ours or a day old
 * (decision 046): kept, but for review rather than the main list. The fill time is the server's (the
 * token's age); a browser's own measure, when sent, can only add `too_fast`.
 */
export function reviewReasonsOf(
  request: Pick<ContactRequest, "website" | "fillTimeMs" | "formToken">,
  tokens: FormTokens,
): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (request.website && request.website.trim() !== "") reasons.push("honeypot");
  reasons.push(...tokens.reviewReasons(request.formToken));
  if (
    !reasons.includes("too_fast") &&
    request.fillTimeMs !== undefined &&
    request.fillTimeMs < CONTACT_LIMITS.minFillTimeMs
  ) {
    reasons.push("too_fast");
  }
  return reasons;
}

/**
 * What makes two requests the same request (idempotency, decision 011): what the person sent. The
 * form token is left out: it says when the page was served, and a retry or a reload sends the same words.
 */
const fingerprint = ({ formToken: _token, ...request }: ContactRequest) =>
  createHash("sha256").update(JSON.stringify(request)).digest("hex");

/** The server's measure of the fill (the form token's age), for staff, when the browser sent none. */
function fillTimeOf(token: string | undefined, tokens: FormTokens) {
  const at = token === undefined ? undefined : tokens.issuedAt(token);
  return at === undefined ? null : Math.min(Math.max(0, Date.now() - at), 2_147_483_647);
}

const thanks = (request: ContactRequest) =>
  `¡Gracias, ${request.firstName}! Hemos recibido tu mensaje y te responderemos en menos de 24 horas.`;

/** Who is told about a request: the staff (replying goes to the sender) and the sender. */
function emailsFor(request: ContactRequest, config: Config): OutboxEmail[] {
  const staff: OutboxEmail[] = config.staffNotifyEmail
    ? [{ kind: "staff_notification", to: config.staffNotifyEmail, replyTo: request.email }]
    : [];
  return [...staff, { kind: "contact_confirmation", to: request.email }];
}

export type ContactServiceDeps = {
  db: Db;
  catalog: ServiceTypeCatalog;
  writer: ContactRequestWriter;
  config: Config;
  formTokens: FormTokens;
};

/**
 * Stores a contact request and queues its emails, once per idempotency key. Suspicious requests are
 * stored for review and answered exactly like the others (a bot learns nothing), without emails.
 */
export async function submitContactRequest(
  { db, catalog, writer, config, formTokens }: ContactServiceDeps,
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

  const reviewReasons = reviewReasonsOf(request, formTokens);
  const emails = reviewReasons.length === 0 ? emailsFor(request, config) : [];
  const consentGiven = request.consent === true;
  let messageId: number | undefined;
  try {
    messageId = await writer.write({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      countryCode: request.countryCode,
      // The schema has checked that the number starts with its country code.
      phone: toE164(request.countryCode, request.phone.slice(request.countryCode.length)),
      company: request.company,
      message: request.message,
      serviceTypeIds: found.map((service) => service.id),
      consentGiven,
      privacyNoticeVersion: consentGiven ? PRIVACY_NOTICE_VERSION : null,
      reviewReasons,
      fillTimeMs: request.fillTimeMs ?? fillTimeOf(request.formToken, formTokens),
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
