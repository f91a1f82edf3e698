// The tables of the accounts module (staff accounts, sessions, second factors, settings). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import type { StaffRole } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.ts";

/** Staff accounts: who may use the CRM. Usernames are stored in lower case. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    displayName: text("display_name").notNull(),
    email: text("email"),
    /** The signature under their replies: name, then these when set. */
    jobTitle: text("job_title"),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    role: text("role").$type<StaffRole>().notNull().default("personal"),
    active: boolean("active").notNull().default(true),
    passwordHash: text("password_hash").notNull(),
    /** Set with a temporary password: the account may only change it until it does. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Access tokens issued before this instant are refused (password change, reset, disabling). */
    tokensValidAfter: timestamp("tokens_valid_after", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("users_role_check", sql`${table.role} in ('administrador', 'personal', 'editor')`),
    uniqueIndex("users_email_key_unique").on(sql`lower(${table.email})`).where(sql`${table.email} is not null`),
  ],
);

/**
 * One sign-in: the family of its rotating refresh tokens. Access tokens name it (`sid`), so logging
 * out or revoking it ends the session at once, not when the access token expires.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    /** The end of the session whatever happens (12 h, or 30 days with "Recordarme"). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The browser's device cookie, hashed: a sign-in from a device not seen before is emailed. */
    deviceHash: text("device_hash"),
    /** Last sign-in or token renewal, for `Sesiones activas`. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person last proved who they are in this session (the sign-in, or the password typed
     * again): changing factors asks for a recent one (decision 035).
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

/**
 * An account whose password strangers got wrong too often (decision 039): from then on their
 * attempts wait longer and longer, while the account's own devices sign in as usual. The row says
 * the lock is on until `until` (moved on by every further failure); its start and its end are
 * audited, and the owner is emailed when it starts.
 */
export const accountLocks = pgTable("account_locks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  /** Failed stranger attempts counted so far. */
  failures: integer("failures").notNull(),
});

/** Refresh tokens, stored as SHA-256; each is used once and replaced by the next of its session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** Idle limit: unused past this, the session must sign in again. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it was exchanged for the next one; presenting it again afterwards is reuse. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

/** Single-use password-reset links (stored as SHA-256), valid for 10 minutes. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("password_resets_user_idx").on(table.userId)],
);

/** Settings administrators change while the product runs (e.g. a second factor for everybody). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** A staff member's passkeys (WebAuthn credentials; decision 035). */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential ID, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    publicKey: bytea("public_key").notNull(),
    /** The authenticator's signature counter: one going back means a cloned key. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced). */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** A staff member's authenticator app (TOTP): the secret encrypted with MFA_ENCRYPTION_KEY. */
export const authenticatorApps = pgTable("authenticator_apps", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  /** Null until a first code confirms that the app has it. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is used once. */
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as an HMAC keyed with MFA_ENCRYPTION_KEY. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_unique").on(table.userId, table.codeHash)],
);

export type AuthChallengePurpose = "second_factor" | "passkey_sign_in" | "passkey_registration" | "reverify";

/**
 * Short-lived, single-use steps of a sign-in: the step between password and second factor (its id
 * the SHA-256 of the step token), and the WebAuthn challenges of a passkey sign-in or registration.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").$type<AuthChallengePurpose>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge issued under it, base64url. */
    challenge: text("challenge"),
    remember: boolean("remember").notNull().default(false),
    /** Wrong codes so far: the step is locked at SECOND_FACTOR_LIMITS.stepFailures. */
    failures: integer("failures").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "auth_challenges_purpose_check",
      sql`${table.purpose} in ('second_factor', 'passkey_sign_in', 'passkey_registration', 'reverify')`,
    ),
    index("auth_challenges_expires_idx").on(table.expiresAt),
  ],
);
