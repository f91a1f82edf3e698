import { z } from "zod";
import { hasNoControlCharacters, isWellFormedText } from "../contact-rules.ts";

/** Every error answer of the API: a person reads `message` (Spanish), a client reads the rest. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe("Field-level problems of a 400"),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** An answer that is only a sentence for a person (spec section 7: `POST /client` answers `{message}`). */
export const messageResponseSchema = z.object({ message: z.string() });

export const healthSchema = z.object({ status: z.literal("ok") });

const readinessStatus = z.enum(["ok", "unavailable"]);

/** `GET /api/health/ready` as anyone gets it: whether this instance should get traffic, nothing more. */
export const readinessSchema = z.object({ status: readinessStatus });
export type Readiness = z.infer<typeof readinessSchema>;

/** `GET /api/health/ready` with HEALTH_TOKEN: whether this instance should get traffic, and why not. */
export const readinessDetailsSchema = z.object({
  status: readinessStatus,
  database: z.enum(["ok", "unavailable"]),
  /** Informative: without Redis the instance still serves, counting rate limits in its own memory. */
  redis: z.enum(["ok", "unavailable", "not_configured"]),
  shuttingDown: z.boolean(),
  /**
   * Informative, like Redis: the shared mailbox (IMAP_URL) this instance reads, or stands by for
   * while another instance reads it; failures in a row and when it tries again.
   */
  mailbox: z.union([
    z.literal("not_configured"),
    z.object({
      state: z.enum(["starting", "standby", "connected", "retrying", "stopped"]),
      failures: z.number().int(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
      lastImportAt: z.string().nullable(),
      imported: z.number().int(),
      setAside: z.number().int(),
    }),
  ]),
});
export type ReadinessDetails = z.infer<typeof readinessDetailsSchema>;

/** The paged answer of spec section 3, generic over its items. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    pageNumber: z.number().int().min(0),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    isFirstPage: z.boolean(),
    isLastPage: z.boolean(),
  });

/** Free text staff type: no control characters, trimmed, NFC, and not empty. */
export const longText = (max: number, required: string) =>
  z
    .string({ error: required })
    .max(max)
    .refine(hasNoControlCharacters, { error: "El texto contiene caracteres no válidos" })
    .refine(isWellFormedText, { error: "El texto contiene caracteres no válidos" })
    .transform((text) => text.trim().normalize("NFC"))
    .pipe(z.string().min(1, { error: required }));
