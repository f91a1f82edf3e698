import type { ContactRequestInput, ContactResponse } from "@app/shared";
import { ApiError, apiRequest } from "~/lib/api-client";

/** Waits before each retry of a submission that did not get through: 1 s, 2 s, 4 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000];
/** A Retry-After longer than this is not worth keeping the person waiting: say so instead. */
const MAX_WAIT_MS = 8000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the contact form. The idempotency key (made when the form opened) lets it retry safely a
 * request that failed on the way (network, 502-504): the server stores it once. Other errors, and
 * the last failure, are thrown as ApiError for the form to explain.
 */
export async function sendContactRequest(body: ContactRequestInput, idempotencyKey: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiRequest<ContactResponse>("/client", {
        method: "POST",
        body,
        headers: { "idempotency-key": idempotencyKey },
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(error instanceof ApiError) || !error.isTransient || delay === undefined) throw error;
      const asked = (error.retryAfterSeconds ?? 0) * 1000;
      if (asked > MAX_WAIT_MS) throw error;
      await sleep(Math.max(delay, asked));
    }
  }
}
