import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import type { Config } from "../../../config.ts";
import { resolveKey } from "../auth/key-file.ts";

// The key that keeps second-factor secrets at rest (decision 035): authenticator-app secrets are
// encrypted with it (AES-256-GCM), recovery codes are stored as an HMAC keyed with it. A copy of the
// database alone then holds no usable secret.

export type SecretBox = {
  seal: (plain: string) => string;
  /** Undefined when the text was not sealed with this key. */
  open: (sealed: string) => string | undefined;
  /** A keyed digest, for values compared but never read back (recovery codes). */
  digest: (value: string) => string;
};

const VERSION = "v1";

export function createSecretBox(key: Buffer): SecretBox {
  // One key in the environment, two uses: each gets its own derived key.
  const derive = (use: string) => createHash("sha256").update(key).update(use).digest();
  const encryption = derive("second-factor:aes-256-gcm");
  const hashing = derive("second-factor:hmac");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryption, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(":");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(":");
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", encryption, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return undefined;
      }
    },
    digest: (value) => createHmac("sha256", hashing).update(value).digest("hex"),
  };
}

/** The key from MFA_ENCRYPTION_KEY, or one generated into DATA_DIR/mfa-key (auth/key-file.ts). */
export const resolveSecondFactorKey = (config: Config) => resolveKey(config, config.mfaEncryptionKey, "mfa-key", 32);
