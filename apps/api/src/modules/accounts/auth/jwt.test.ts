import { createHmac, generateKeyPairSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from "./jwt.ts";

const secret = randomBytes(48);
const subject = { userId: 7, sessionId: "sesion-1", role: "administrador" as const };
const NOW = Date.UTC(2026, 0, 1, 12);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const hs256 = (header: unknown, payload: unknown, key: Buffer = secret) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
};
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());

describe("access tokens", () => {
  it("round-trips our claims and expires after exactly 15 minutes", async () => {
    const token = await signAccessToken(subject, secret, NOW);
    const claims = await verifyAccessToken(token, secret, NOW);
    expect(claims).toMatchObject({
      iss: "floraprotect-api",
      aud: "floraprotect-crm",
      sub: "7",
      sid: "sesion-1",
      role: "administrador",
      typ: "access",
    });
    expect(claims?.exp).toBe(Math.floor(NOW / 1000) + ACCESS_TOKEN_SECONDS);
    expect(await verifyAccessToken(token, secret, NOW + (ACCESS_TOKEN_SECONDS - 1) * 1000)).toBeDefined();
    expect(await verifyAccessToken(token, secret, NOW + ACCESS_TOKEN_SECONDS * 1000)).toBeUndefined();
  });

  it("tolerates a minute of clock skew on iat, not more", async () => {
    const ahead = await signAccessToken(subject, secret, NOW + 60_000);
    expect(await verifyAccessToken(ahead, secret, NOW)).toBeDefined();
    const farAhead = await signAccessToken(subject, secret, NOW + 61_000);
    expect(await verifyAccessToken(farAhead, secret, NOW)).toBeUndefined();
  });

  it("refuses header tricks even when the HMAC is right: kid, jku, jwk, crit, other typ", async () => {
    const payload = payloadOf(await signAccessToken(subject, secret, NOW));
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const headers = [
      { alg: "HS256", typ: "JWT", kid: "../../dev/null" },
      { alg: "HS256", typ: "JWT", jku: "https://atacante.example/jwks.json" },
      { alg: "HS256", typ: "JWT", jwk: publicKey.export({ format: "jwk" }) },
      { alg: "HS256", typ: "JWT", x5u: "https://atacante.example/cert.pem" },
      { alg: "HS256", typ: "JWT", crit: ["exp"] },
      { alg: "HS256", typ: "at+jwt" },
      { alg: "HS384", typ: "JWT" },
    ];
    for (const header of headers) {
      expect(await verifyAccessToken(hs256(header, payload), secret, NOW), JSON.stringify(header)).toBeUndefined();
    }
    expect(await verifyAccessToken(hs256({ alg: "HS256", typ: "JWT" }, payload), secret, NOW)).toBeDefined();
  });

  it("refuses a wrong issuer, audience, token type or subject, and a token over 2048 characters", async () => {
    const payload = payloadOf(await signAccessToken(subject, secret, NOW));
    const header = { alg: "HS256", typ: "JWT" };
    for (const change of [
      { iss: "otro" },
      { aud: "otro" },
      { typ: "refresh" },
      { sub: "admin" },
      { sid: 1 },
      { jti: undefined },
      { iat: undefined },
    ]) {
      const token = hs256(header, { ...payload, ...change });
      expect(await verifyAccessToken(token, secret, NOW), JSON.stringify(change)).toBeUndefined();
    }
    const long = hs256(header, { ...payload, pad: "x".repeat(2048) });
    expect(await verifyAccessToken(long, secret, NOW)).toBeUndefined();
  });
});
