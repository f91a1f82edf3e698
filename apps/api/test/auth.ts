import { randomBytes } from "node:crypto";
import type { SessionResponse } from "@app/shared";
import type { StaffRole } from "@app/shared/constants";
import type { FastifyInstance } from "fastify";
import type { Config } from "../src/config.ts";
import { ensureFirstAdmin } from "../src/modules/accounts/users/first-admin.ts";
import { createTestApp, type TestApp } from "./app.ts";
import type { Engine } from "./database.ts";

export const ADMIN = { username: "admin", password: "clave-de-pruebas-del-crm" };

/** A test app whose database has its first administrator, as `npm start` makes it. */
export async function createAuthTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  logStream?: NodeJS.WritableStream,
  options: Parameters<typeof createTestApp>[3] = {},
): Promise<TestApp> {
  const t = await createTestApp(
    engine,
    {
      admin: { username: ADMIN.username, password: ADMIN.password, email: "admin@floraprotect.test" },
      // Tests sign in often from one address; the limits have their own tests (security.test.ts).
      loginRateLimit: [{ max: 10_000, windowMs: 60_000 }],
      ...overrides,
    },
    logStream,
    options,
  );
  await ensureFirstAdmin(t.app.db, t.app.config);
  return t;
}

/** A session as an API client gets it: the refresh token in the body too. */
export type LoggedIn = SessionResponse & {
  refreshToken: string;
  cookie: string | undefined;
  setCookie: string | undefined;
};

/** Signs in through the API like the browser does; keeps the refresh cookie it got. */
export async function signIn(
  app: FastifyInstance,
  credentials: { username: string; password: string; remember?: boolean },
  ip = "127.0.0.1",
): Promise<LoggedIn> {
  const { username, password, remember } = credentials;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password, ...(remember === undefined ? {} : { remember }) },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const setCookie = [response.headers["set-cookie"]].flat().find((line) => line?.startsWith("fp_refresh="));
  const session = response.json() as SessionResponse;
  if (!session.refreshToken) throw new Error("an API client's sign-in answers with its refresh token");
  return {
    ...session,
    refreshToken: session.refreshToken,
    setCookie,
    cookie: setCookie?.split(";")[0],
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;

/** Creates a staff account through the API as the administrator; returns its credentials. */
export async function createStaff(app: FastifyInstance, adminToken: string, role: StaffRole = "personal") {
  counter += 1;
  const username = `persona${counter}${Math.random().toString(36).slice(2, 6)}`;
  // 72 random bits: strong by the password rules, and short, so quick to check: the strength
  // estimate's time grows with a password's length (about 50 ms at 30 characters, 8 at 12), and each
  // account made here is checked once or twice.
  const password = randomBytes(9).toString("base64url");
  const response = await app.inject({
    method: "POST",
    url: "/api/users",
    headers: bearer(adminToken),
    payload: { username, displayName: `Persona ${counter}`, email: `${username}@floraprotect.test`, role, password },
  });
  if (response.statusCode !== 201) throw new Error(`create user failed: ${response.statusCode} ${response.body}`);
  const { id } = response.json() as { id: number };
  return { id, username, password, email: `${username}@floraprotect.test` };
}

/** Signs in a freshly created account and replaces its temporary password, as a person would. */
export async function createReadyStaff(app: FastifyInstance, adminToken: string, role: StaffRole = "personal") {
  const staff = await createStaff(app, adminToken, role);
  const first = await signIn(app, staff);
  const password = `${staff.password}-propia`;
  const changed = await app.inject({
    method: "POST",
    url: "/api/auth/password",
    headers: bearer(first.accessToken),
    payload: { currentPassword: staff.password, newPassword: password },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  return { ...staff, password };
}
