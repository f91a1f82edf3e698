import type { StaffUser, UserAccount } from "@app/shared";
import { CRM_ROLES, type Signature, type StaffRole } from "@app/shared/constants";
import { and, asc, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { hasSecondFactorSql, secondFactorRequiredSql } from "../second-factor/repo.ts";

export type UserRow = typeof users.$inferSelect;

/** An active account that works the contacts: one that may own a contact, a task or a lead's rule. */
export const activeContactStaff = and(eq(users.active, true), inArray(users.role, CRM_ROLES));

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** Every account, with whether it has a second factor (never which). */
export async function listUsers(db: Db) {
  return db
    .select({ ...getTableColumns(users), hasSecondFactor: hasSecondFactorSql() })
    .from(users)
    .orderBy(asc(users.username));
}

/** Whether the account must enrol a second factor before anything else (the policy, and none yet). */
export async function mustAddSecondFactor(db: Db, userId: number) {
  const [row] = await db
    .select({ due: sql<boolean>`(${secondFactorRequiredSql()} and not ${hasSecondFactorSql()})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.due === true;
}

/** Who can follow up a contact: active accounts by name (the `Responsable` choices). */
export async function listActiveStaff(db: Db) {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(activeContactStaff)
    .orderBy(asc(users.displayName), asc(users.id));
}

/** Active administrators, with what a security email needs. */
export async function listActiveAdministrators(db: Db) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email })
    .from(users)
    .where(and(eq(users.role, "administrador"), eq(users.active, true)))
    .orderBy(asc(users.id));
}

export async function countUsers(db: Db) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** Active administrators other than `exceptId`: the last one may not be demoted or disabled. */
export async function countOtherActiveAdmins(db: Db, exceptId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "administrador"), eq(users.active, true), ne(users.id, exceptId)));
  return row?.count ?? 0;
}

export type NewUser = {
  username: string;
  displayName: string;
  email: string | null;
  role: StaffRole;
  passwordHash: string;
  mustChangePassword: boolean;
  jobTitle?: string | null;
  phone?: string | null;
  whatsapp?: string | null;
};

/** Inserts an account; undefined when the username or email is taken (no exception for a race). */
export async function insertUser(db: Db, user: NewUser) {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      UserRow,
      | "displayName"
      | "email"
      | "role"
      | "active"
      | "passwordHash"
      | "mustChangePassword"
      | "jobTitle"
      | "phone"
      | "whatsapp"
    >
  > & {
    endSessions?: boolean;
    lastLoginAt?: Date;
  },
) {
  const { endSessions, ...columns } = changes;
  const [row] = await db
    .update(users)
    .set({ ...columns, updatedAt: new Date(), ...(endSessions ? { tokensValidAfter: new Date() } : {}) })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export const toStaffUser = (
  row: Pick<UserRow, "id" | "username" | "displayName" | "email" | "role" | "mustChangePassword">,
  mustAddSecondFactor: boolean,
): StaffUser => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  email: row.email,
  role: row.role,
  mustChangePassword: row.mustChangePassword,
  mustAddSecondFactor,
});

/** An account for the administrators' list; `mustAddSecondFactor` is the person's own concern. */
export const toUserAccount = (row: UserRow & { hasSecondFactor: boolean }): UserAccount => ({
  ...toStaffUser(row, false),
  hasSecondFactor: row.hasSecondFactor,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  jobTitle: row.jobTitle,
  phone: row.phone,
  whatsapp: row.whatsapp,
});

/** What a reply of theirs ends with (`GET /api/users/me/signature`, the reply email). */
export const toSignature = (row: Pick<UserRow, "displayName" | "jobTitle" | "phone" | "whatsapp">): Signature => ({
  displayName: row.displayName,
  jobTitle: row.jobTitle,
  phone: row.phone,
  whatsapp: row.whatsapp,
});
