// The demo's sales team: staff accounts (role personal) that own contacts, reply, write notes and
// have tasks. They sign in with one known password, printed by `npm run db:seed -- --demo`.
import { createUserRequestSchema } from "@app/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { createUser } from "../modules/accounts/users/service.ts";
import { DEMO_STAFF, plain, STAFF_DOMAIN } from "./seed-words.ts";

/**
 * Known on purpose (demo data only: the seed refuses NODE_ENV=production without --force). Checked
 * like any other password: long, not common, without the usernames.
 */
export const DEMO_PASSWORD = "Poscosecha-Cayambe-2026";

export type DemoStaff = { id: number; displayName: string };

/** The demo accounts in DEMO_STAFF's order, made when missing; `created` counts the new ones. */
export async function ensureDemoStaff(db: Db): Promise<{ staff: DemoStaff[]; created: number }> {
  const usernames = DEMO_STAFF.map((person) => person.username);
  const existing = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(inArray(users.username, usernames));
  const byUsername = new Map(existing.map((row) => [row.username, row]));
  let created = 0;
  const staff: DemoStaff[] = [];
  for (const person of DEMO_STAFF) {
    const found = byUsername.get(person.username);
    if (found) {
      staff.push({ id: found.id, displayName: found.displayName });
      continue;
    }
    const [given = "", surname = ""] = person.displayName.split(" ");
    // Through the same schema and service as the Usuarios screen: the password rules hold here too.
    const input = createUserRequestSchema.parse({
      username: person.username,
      displayName: person.displayName,
      email: `${plain(given)}.${plain(surname)}@${STAFF_DOMAIN}`,
      role: "personal",
      password: DEMO_PASSWORD,
    });
    const row = await createUser(db, input, undefined, { mustChangePassword: false });
    staff.push({ id: row.id, displayName: row.displayName });
    created += 1;
  }
  return { staff, created };
}
