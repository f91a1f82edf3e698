import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { createSecretBox, resolveSecondFactorKey } from "./secret-box.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed; the sealed text does not show the secret and differs every time", () => {
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.seal(SECRET)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(SECRET);
    expect(box.open(box.seal("ñandú ✓"))).toBe("ñandú ✓");
    expect(box.open(box.seal(""))).toBe("");
  });

  it("opens nothing that was changed (GCM's tag)", () => {
    const sealed = box.seal(SECRET);
    const [version, iv, tag, body] = sealed.split(":") as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString("base64url");
    };
    for (const changed of [
      [version, iv, tag, flip(body)],
      [version, iv, flip(tag), body],
      [version, flip(iv), tag, body],
      ["v2", iv, tag, body],
      [version, iv, tag],
    ])
      expect(box.open(changed.join(":")), changed.join(":")).toBeUndefined();
    for (const garbage of ["", "v1", "v1:::", SECRET, "v1:a:b:c"]) expect(box.open(garbage)).toBeUndefined();
  });

  it("opens nothing sealed with another key", () => {
    const other = createSecretBox(randomBytes(32));
    expect(other.open(box.seal(SECRET))).toBeUndefined();
  });

  it("digests a value the same way every time, differently with another key, never in clear", () => {
    const other = createSecretBox(randomBytes(32));
    expect(box.digest("abcde23456")).toBe(box.digest("abcde23456"));
    expect(box.digest("abcde23456")).toMatch(/^[0-9a-f]{64}$/);
    expect(box.digest("abcde23457")).not.toBe(box.digest("abcde23456"));
    expect(other.digest("abcde23456")).not.toBe(box.digest("abcde23456"));
  });
});

describe("the second factor's key", () => {
  it("is MFA_ENCRYPTION_KEY when set", async () => {
    const key = "k3Y-de-pruebas-0123456789abcdefghijKLMNOP";
    const config = { ...loadConfig({ NODE_ENV: "test" }), mfaEncryptionKey: key };
    expect((await resolveSecondFactorKey(config)).toString("utf8")).toBe(key);
  });

  it("is generated once into DATA_DIR (owner-only) and read back after a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "mfa-key-"));
    try {
      const config = { ...loadConfig({ NODE_ENV: "test" }), dataDir, mfaEncryptionKey: undefined };
      const first = await resolveSecondFactorKey(config);
      expect(first).toHaveLength(32);
      expect((await stat(path.join(dataDir, "mfa-key"))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(dataDir, "mfa-key"), "utf8")).trim()).toBe(first.toString("base64url"));
      const again = await resolveSecondFactorKey(config);
      expect(again.equals(first)).toBe(true);
      // What the first key sealed, the key read after a restart opens.
      expect(createSecretBox(again).open(createSecretBox(first).seal(SECRET))).toBe(SECRET);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
