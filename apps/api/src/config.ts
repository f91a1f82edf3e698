import path from "node:path";
import { fileURLToPath } from "node:url";
import { AUTH_LIMITS, BRAND, USERNAME_PATTERN } from "@app/shared/constants";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const WINDOWS: Record<string, number> = { s: 1000, min: 60_000, h: 3_600_000 };

export type RateRule = { max: number; windowMs: number };

const RULE = /^(\d+)\/(\d*)(s|min|h)$/;

/** `5/min,20/h` -> two rules; `5/15min` is 5 per 15 minutes. Every rule must hold for a request to pass. */
const rateRules = z
  .string()
  .regex(/^\s*\d+\/\d*(s|min|h)\s*(,\s*\d+\/\d*(s|min|h)\s*)*$/, {
    error: "debe ser una lista como 5/min,20/h o 5/15min (unidades: s, min, h)",
  })
  .transform((text): RateRule[] =>
    text.split(",").map((rule) => {
      const [, max = "0", count = "", unit = "min"] = RULE.exec(rule.trim()) ?? [];
      return { max: Number(max), windowMs: (Number(count) || 1) * (WINDOWS[unit] ?? 60_000) };
    }),
  );

const perMinute = (max: number): RateRule[] => [{ max, windowMs: 60_000 }];

const emailAddress = z.email({ error: "debe ser una dirección de correo válida" });

/**
 * Why a JWT_SECRET is guessable, if it is: few distinct characters, a placeholder or a dictionary
 * word (an offline attack on one captured token tries those first), or one piece repeated.
 */
export function weakSecretProblem(secret: string): string | undefined {
  if (new Set(secret).size < 10) return "es demasiado predecible: usa caracteres aleatorios";
  if (/changeme|secret|password|example|replace|cambia|ejemplo|contrase|clave/i.test(secret)) {
    return "parece un texto de ejemplo: genera uno con openssl rand -base64 48";
  }
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.slice(period) === secret.slice(0, -period)) {
      return "repite un mismo fragmento: usa caracteres aleatorios";
    }
  }
  return undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: "debe ser una URL postgres://usuario@host:puerto/base" }).optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, "apps/web/build/client")),
  SERVE_WEB: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Several instances: rate-limit counters shared in Redis (redis://host:6379 or rediss://...). */
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: "debe ser una URL redis://host:puerto o rediss://..." }).optional(),
  ),
  /** Open live-update streams (server-sent events) one instance holds at most; past it 503. */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Longest time a request may take from routing to answer; past it the answer is a 503. */
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** On SIGTERM, how long readiness says "no" before the server stops taking requests (load balancers). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^smtps?$/, error: "debe ser una URL smtp://usuario:clave@host:puerto o smtps://..." })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
        error: "debe ser correo@dominio o Nombre <correo@dominio>",
      })
      .optional(),
  ),
  STAFF_NOTIFY_EMAIL: z.preprocess(emptyToUndefined, emailAddress.optional()),
  /** The shared mailbox contacts answer to: imap://user:pass@host:143 or imaps://...:993. */
  IMAP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^imaps?$/, error: "debe ser una URL imaps://usuario:clave@host:993 o imap://..." }).optional(),
  ),
  IMAP_MAILBOX: z.string().trim().min(1).max(200).default("INBOX"),
  /** The mailbox's address; by default the IMAP user when it is one (ventas@empresa.ec). */
  IMAP_ADDRESS: z.preprocess(emptyToUndefined, emailAddress.optional()),
  /** `ventas+<token>@...` in Reply-To; off where the provider does not deliver plus addresses. */
  IMAP_PLUS_ADDRESSING: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** How often the mailbox is looked at when the server does not push new mail (IDLE). */
  IMAP_POLL_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
  /**
   * The authserv-id(s) our receiving mail server writes in its Authentication-Results header
   * (mx.google.com for Gmail): only its topmost header says whether a sender is who they claim.
   */
  INBOUND_AUTHSERV_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*[A-Za-z0-9][A-Za-z0-9.-]*(\s*,\s*[A-Za-z0-9][A-Za-z0-9.-]*)*\s*$/, {
        error:
          "debe ser el nombre que el servidor de correo escribe en Authentication-Results (p. ej. mx.google.com), o varios separados por comas",
      })
      .optional(),
  ),
  CONTACT_RATE_LIMIT: rateRules.default([
    { max: 5, windowMs: 60_000 },
    { max: 20, windowMs: 3_600_000 },
  ]),
  /** Behind a reverse proxy: trust X-Forwarded-For from this many hops (0: the socket address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  EMAIL_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(15_000),
  /** Signs access tokens. Required in production; generated into DATA_DIR elsewhere. */
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: "debe tener al menos 32 caracteres aleatorios (p. ej. openssl rand -base64 48)" })
      .superRefine((secret, context) => {
        const problem = weakSecretProblem(secret);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  /** Keeps second-factor secrets at rest. Required in production; generated into DATA_DIR elsewhere. */
  MFA_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: "debe tener al menos 32 caracteres aleatorios (p. ej. openssl rand -base64 32)" })
      .superRefine((key, context) => {
        const problem = weakSecretProblem(key);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  /** Monitoring's key to readiness details (`Authorization: Bearer …`); without it only ready or not. */
  HEALTH_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { error: "debe tener al menos 32 caracteres aleatorios (p. ej. openssl rand -base64 32)" })
      .superRefine((token, context) => {
        const problem = weakSecretProblem(token);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  ),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .toLowerCase()
    .regex(USERNAME_PATTERN, { error: "debe tener de 3 a 64 letras minúsculas, dígitos, punto, guion o guion bajo" })
    .default("admin"),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(AUTH_LIMITS.passwordMin, { error: `debe tener al menos ${AUTH_LIMITS.passwordMin} caracteres` })
      .max(AUTH_LIMITS.passwordMax)
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, emailAddress.optional()),
  LOGIN_RATE_LIMIT: rateRules.default(perMinute(10)),
  /**
   * Tries at an account's password or codes from each device that signed in to it before; strangers
   * get as many at once, then waits that double up to the window (decision 039).
   */
  LOGIN_ACCOUNT_LIMIT: rateRules.default([{ max: 5, windowMs: 15 * 60_000 }]),
  REFRESH_RATE_LIMIT: rateRules.default(perMinute(30)),
  PASSWORD_RESET_RATE_LIMIT: rateRules.default([{ max: 5, windowMs: 15 * 60_000 }]),
  /** Reset emails one account gets, from whatever address asked: past it requests are answered alike and dropped. */
  PASSWORD_RESET_ACCOUNT_LIMIT: rateRules.default([{ max: 3, windowMs: 60 * 60_000 }]),
  /** Taps on a product's WhatsApp button counted per client address; past it a tap is not counted. */
  WHATSAPP_CLICK_RATE_LIMIT: rateRules.default([
    { max: 20, windowMs: 60_000 },
    { max: 200, windowMs: 3_600_000 },
  ]),
  /** Pictures one staff account may upload to `Sitio web` (each is decoded and copied six to ten times). */
  SITE_IMAGE_RATE_LIMIT: rateRules.default([
    { max: 10, windowMs: 60_000 },
    { max: 60, windowMs: 3_600_000 },
  ]),
  /**
   * LOPDP: leads whose last contact is older than this many months are anonymised (or deleted) by a
   * daily job; 0 turns it off. 24 is what the privacy notice promises (apps/web/app/content/legal.ts).
   */
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(0).max(240).default(24),
  LEAD_RETENTION_ACTION: z.enum(["anonymize", "delete"], { error: "debe ser anonymize o delete" }).default("anonymize"),
  /** Only for a plain-http deployment on a LAN: browsers drop Secure cookies outside https and localhost. */
  COOKIE_SECURE: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  /** PGlite directory, or "memory://" for an in-memory database (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  webDist: string;
  serveWeb: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Shared rate-limit counters; without it each process counts in its own memory. */
  redisUrl: string | undefined;
  handlerTimeoutMs: number;
  /** Live-update streams this instance keeps open at most (20 per account within it). */
  liveStreamsMax: number;
  shutdownDelayMs: number;
  /** Without it emails stay in the outbox (and the log) instead of being sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where new contact requests are announced; without it no staff notification is queued. */
  staffNotifyEmail: string | undefined;
  /** The shared mailbox (docs/operations.md); without it answers are not read and replies go from staff. */
  inbound: InboundConfig | undefined;
  contactRateLimit: RateRule[];
  trustProxyHops: number;
  emailPollMs: number;
  /** First retry delay of a failed email; each later one doubles, up to an hour. */
  emailRetryBaseMs: number;
  /** Undefined outside production: then it is generated into DATA_DIR (see auth/jwt-secret.ts). */
  jwtSecret: string | undefined;
  /** Undefined outside production: then it is generated into DATA_DIR (see second-factor/secret-box.ts). */
  mfaEncryptionKey: string | undefined;
  admin: { username: string; password: string | undefined; email: string | undefined };
  /** Readiness details (database, Redis, mailbox) for whoever sends it; undefined: for nobody. */
  healthToken: string | undefined;
  loginRateLimit: RateRule[];
  loginAccountLimit: RateRule[];
  refreshRateLimit: RateRule[];
  passwordResetRateLimit: RateRule[];
  passwordResetAccountLimit: RateRule[];
  whatsappClickRateLimit: RateRule[];
  siteImageRateLimit: RateRule[];
  cookieSecure: boolean;
  /** 0: the retention job is off. */
  leadRetentionMonths: number;
  leadRetentionAction: "anonymize" | "delete";
};

export type InboundConfig = {
  url: string;
  mailbox: string;
  /** The address contacts write to, e.g. ventas@empresa.ec. */
  address: string;
  plusAddressing: boolean;
  pollMs: number;
  /** INBOUND_AUTHSERV_ID, lower-case; empty: no sender counts as verified (decision 034). */
  authservIds: string[];
};

/** The shared mailbox's settings, or why they cannot work. */
function inboundConfig(e: z.infer<typeof envSchema>): InboundConfig | string | undefined {
  if (!e.IMAP_URL) return undefined;
  const user = decodeURIComponent(new URL(e.IMAP_URL).username);
  const address = e.IMAP_ADDRESS ?? (emailAddress.safeParse(user).success ? user : undefined);
  if (!address) return "IMAP_ADDRESS: falta la dirección del buzón (el usuario de IMAP_URL no es una dirección)";
  return {
    url: e.IMAP_URL,
    mailbox: e.IMAP_MAILBOX,
    address: address.toLowerCase(),
    plusAddressing: e.IMAP_PLUS_ADDRESSING,
    pollMs: e.IMAP_POLL_MS,
    authservIds: (e.INBOUND_AUTHSERV_ID ?? "")
      .split(",")
      .map((id) => id.trim().toLowerCase())
      .filter(Boolean),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError(
      "Configuración inválida:\n  JWT_SECRET: es obligatorio en producción (al menos 32 caracteres aleatorios)",
    );
  }
  if (e.NODE_ENV === "production" && !e.MFA_ENCRYPTION_KEY) {
    throw new ConfigError(
      "Configuración inválida:\n  MFA_ENCRYPTION_KEY: es obligatorio en producción (al menos 32 caracteres aleatorios)",
    );
  }
  const inbound = inboundConfig(e);
  if (typeof inbound === "string") throw new ConfigError(`Configuración inválida:\n  ${inbound}`);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR.startsWith("memory://") ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    webDist: path.resolve(e.WEB_DIST),
    serveWeb: e.SERVE_WEB,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    handlerTimeoutMs: e.HANDLER_TIMEOUT_MS,
    liveStreamsMax: e.LIVE_STREAMS_MAX,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${BRAND.name} <no-reply@${new URL(publicUrl).hostname}>`,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
    inbound,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    emailPollMs: e.EMAIL_POLL_MS,
    emailRetryBaseMs: e.EMAIL_RETRY_BASE_MS,
    jwtSecret: e.JWT_SECRET,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    healthToken: e.HEALTH_TOKEN,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAccountLimit: e.LOGIN_ACCOUNT_LIMIT,
    refreshRateLimit: e.REFRESH_RATE_LIMIT,
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    passwordResetAccountLimit: e.PASSWORD_RESET_ACCOUNT_LIMIT,
    whatsappClickRateLimit: e.WHATSAPP_CLICK_RATE_LIMIT,
    siteImageRateLimit: e.SITE_IMAGE_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE,
    leadRetentionMonths: e.LEAD_RETENTION_MONTHS,
    leadRetentionAction: e.LEAD_RETENTION_ACTION,
  };
}
