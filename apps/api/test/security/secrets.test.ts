import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { PasswordRejectedError } from "../../src/modules/accounts/auth/service.ts";
import { ensureFirstAdmin } from "../../src/modules/accounts/users/first-admin.ts";
import { createTestApp, type TestApp } from "../app.ts";

// Weak secrets are refused when the server starts, not discovered after an attack.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const WEAK_JWT_SECRETS = {
  missing: undefined,
  short: "x7Kq9-corta-2026",
  "few characters": "a1a1a1a1a1a1b2b2b2b2b2b2c3c3c3c3c3c3c3",
  placeholder: "changeme-changeme-please-0123456789-XYZ",
  "a dictionary word": "my-super-secret-jwt-key-for-production-2026",
  "a repeated piece": "abcdefghij-abcdefghij-abcdefghij-abcdefghij-",
};

/** A key as `openssl rand -base64 32` makes it. */
const GOOD_KEY = randomBytes(32).toString("base64");

describe("JWT_SECRET in production", () => {
  it.each(Object.entries(WEAK_JWT_SECRETS))("refuses %s, naming the variable but not echoing it", (_name, secret) => {
    const env = {
      NODE_ENV: "production",
      MFA_ENCRYPTION_KEY: GOOD_KEY,
      ...(secret === undefined ? {} : { JWT_SECRET: secret }),
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
    if (secret) expect(() => loadConfig(env)).not.toThrow(secret);
  });

  it("accepts what the README tells to generate (openssl rand -base64 48) and 32 random hex digits", () => {
    for (const secret of [randomBytes(48).toString("base64"), "9f86d081884c7d659a2feaa0c55ad015"]) {
      expect(loadConfig({ NODE_ENV: "production", JWT_SECRET: secret, MFA_ENCRYPTION_KEY: GOOD_KEY }).jwtSecret).toBe(
        secret,
      );
    }
  });

  it("the real server exits with code 2 and a Spanish message, without printing the secret", async () => {
    const secret = WEAK_JWT_SECRETS["a dictionary word"];
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
        cwd: apiRoot,
        env: {
          ...process.env,
          NODE_ENV: "production",
          JWT_SECRET: secret,
          MFA_ENCRYPTION_KEY: GOOD_KEY,
          DATA_DIR: "memory://",
          PORT: "0",
        },
      });
      let output = "";
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      child.on("exit", (exitCode) => resolve({ code: exitCode, stderr: output }));
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/Configuración inválida[\s\S]*JWT_SECRET/);
    expect(stderr).not.toContain(secret);
  }, 30_000);
});

describe("MFA_ENCRYPTION_KEY in production", () => {
  const jwt = randomBytes(48).toString("base64");
  it.each(Object.entries(WEAK_JWT_SECRETS))("refuses %s, naming the variable but not echoing it", (_name, key) => {
    const env = { NODE_ENV: "production", JWT_SECRET: jwt, ...(key === undefined ? {} : { MFA_ENCRYPTION_KEY: key }) };
    expect(() => loadConfig(env)).toThrow(/MFA_ENCRYPTION_KEY/);
    if (key) expect(() => loadConfig(env)).not.toThrow(key);
  });

  it("accepts what .env.example tells to generate (openssl rand -base64 32)", () => {
    expect(loadConfig({ NODE_ENV: "production", JWT_SECRET: jwt, MFA_ENCRYPTION_KEY: GOOD_KEY }).mfaEncryptionKey).toBe(
      GOOD_KEY,
    );
  });
});

describe("ADMIN_PASSWORD of the first administrator", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("refuses one too short before anything starts", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: "corta" })).toThrow(/ADMIN_PASSWORD/);
  });

  it.each([
    ["a common password", "password123"],
    ["one with the username in it", "admin-de-la-finca-2026"],
  ])("refuses %s on an empty database, creating no account", async (_name, password) => {
    const config = loadConfig({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: password });
    await expect(ensureFirstAdmin(t.app.db, config)).rejects.toThrow(PasswordRejectedError);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password },
    });
    expect(login.statusCode).toBe(401);
  });
});
