import { spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { IMAP_URL, MAILBOX, SMTP_PORT } from "./mail";

// The server the browser tests run against: its settings (playwright.config.ts's webServer), and a
// second instance of it on the same database, for the tests of what several instances share.

/** The port of the suite's server (playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The environment the suite's server runs with, on `port`; a second instance gets the same. */
export function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    // scripts/e2e.mjs runs the suite on PGlite, then on a fresh PostgreSQL database (CI).
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATA_DIR: "memory://" }),
    // E2E_LOG_LEVEL=info shows the server's requests and emails while a test is looked into.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    // Every test comes from one address: the per-IP limits (contact form, sign-in, refresh, password
    // reset) are tested in the API tests; here they would only make the suite wait. The per-account
    // sign-in limit keeps its default (5 failures / 15 min): e2e/staff-login.spec.ts meets it.
    CONTACT_RATE_LIMIT: "1000/min",
    LOGIN_RATE_LIMIT: "1000/min",
    REFRESH_RATE_LIMIT: "1000/min",
    PASSWORD_RESET_RATE_LIMIT: "1000/min",
    // The first administrator, which the CRM tests sign in with and create other accounts from.
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "clave-de-pruebas-del-crm",
    ADMIN_EMAIL: "admin@floraprotect.test",
    // Emails go to the real SMTP server of e2e/global-setup.ts, promptly.
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    EMAIL_POLL_MS: "100",
    EMAIL_RETRY_BASE_MS: "200",
    // Clients' answers come back through the Dovecot of e2e/global-setup.ts, looked at every second.
    IMAP_URL,
    IMAP_ADDRESS: MAILBOX.user,
    IMAP_POLL_MS: "1000",
  };
}

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The first port from `from` on that nothing listens on, among the next ten. */
async function freePort(from: number) {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
  for (let port = from; port < from + 10; port += 1) if (await free(port)) return port;
  throw new Error(`no free port from ${from} to ${from + 9} for a second server`);
}

export type SecondServer = {
  /** Its address, e.g. `http://127.0.0.1:3101`: a browser context's baseURL. */
  url: string;
  /** What it has printed so far (its log, at LOG_LEVEL). */
  output: () => string;
  /** SIGTERM, as a deploy stops an instance; SIGKILL if it has not exited 10 s later. */
  stop: () => Promise<void>;
};

/**
 * Starts another instance of the suite's server on the same database (E2E_DATABASE_URL), on the
 * next free port after E2E_PORT, and waits for its `/api/health`. The database is already migrated
 * by the first one (and migrating again waits on its lock and finds nothing to do). It serves the
 * build the first one serves: started from the server's own entry rather than `npm start`, whose
 * build step would rebuild the site under the first server if a source changed since the run began.
 */
export async function startSecondServer(timeoutMs = 60_000): Promise<SecondServer> {
  const port = await freePort(E2E_PORT + 1);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  // A worker that ends without running the test's teardown (killed, crashed) takes it along.
  const killNow = () => child.kill("SIGKILL");
  process.once("exit", killNow);

  const stop = async () => {
    process.off("exit", killNow);
    if (exited) return;
    child.kill("SIGTERM");
    const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await gone;
    clearTimeout(late);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(
    `the second server ${exited ? "exited" : `gave no /api/health within ${timeoutMs / 1000} s`}:\n${output}`,
  );
}
