import { describe, expect, it } from "vitest";
import {
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  type StoredPasskey,
  userIdOfHandle,
  verifiedAuthentication,
  verifiedRegistration,
} from "./passkey-ceremony.ts";
import { SoftwarePasskey, softwarePasskey } from "./test-authenticator.ts";

// The ceremonies against the software authenticator the API tests use: it is checked here first,
// with the library's own verification, so a failing API test points at the server and not at it.

const PUBLIC_URL = "https://crm.floraprotect.test";
const rp = relyingPartyOf(PUBLIC_URL);
const user = { id: 42, username: "maria", displayName: "María" };

async function registered(backedUp = false) {
  const key = softwarePasskey(PUBLIC_URL, { backedUp });
  const options = await registrationOptions(rp, user, []);
  const made = await verifiedRegistration(rp, options.challenge, key.register(options));
  if (!made) throw new Error("the software passkey did not register");
  const stored: StoredPasskey = { id: made.id, publicKey: made.publicKey, counter: made.counter, transports: [] };
  return { key, made, stored };
}

describe("passkey ceremonies", () => {
  it("takes the relying party from PUBLIC_URL: its host the RP ID, its origin the only origin", () => {
    expect(relyingPartyOf("https://crm.floraprotect.test:8443/ruta")).toEqual({
      id: "crm.floraprotect.test",
      origin: "https://crm.floraprotect.test:8443",
    });
  });

  it("registers a passkey and names its account by the user handle, nothing personal", async () => {
    const { key, made } = await registered(true);
    expect(made).toMatchObject({ id: key.id, counter: 0, deviceType: "multiDevice", backedUp: true });
    const options = await authenticationOptions(rp, undefined);
    expect(userIdOfHandle(key.assert(options))).toBe(42);
  });

  it("refuses a registration from another origin, for another challenge or for another site", async () => {
    const options = await registrationOptions(rp, user, []);
    const key = softwarePasskey(PUBLIC_URL);
    expect(
      await verifiedRegistration(rp, options.challenge, key.register(options, { origin: "https://evil.test" })),
    ).toBeUndefined();
    expect(
      await verifiedRegistration(rp, options.challenge, key.register({ ...options, challenge: "b2xk" })),
    ).toBeUndefined();
    // Our origin in the client data, but a key made for another RP ID.
    const elsewhere = new SoftwarePasskey({ rpId: "otro-sitio.test", origin: rp.origin });
    expect(await verifiedRegistration(rp, options.challenge, elsewhere.register(options))).toBeUndefined();
  });

  it("verifies an assertion and returns the new counter", async () => {
    const { key, stored } = await registered();
    const options = await authenticationOptions(rp, [stored]);
    expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([key.id]);
    expect(await verifiedAuthentication(rp, options.challenge, key.assert(options), stored, false)).toEqual({
      counter: 1,
      backedUp: false,
    });
  });

  it("refuses another origin, a stale challenge, a counter going back and a tampered signature", async () => {
    const { key, stored } = await registered();
    const options = await authenticationOptions(rp, [stored]);
    const seen = { ...stored, counter: 5 };
    key.counter = 5;
    const check = (credential: ReturnType<typeof key.assert>) =>
      verifiedAuthentication(rp, options.challenge, credential, seen, false);
    expect(await check(key.assert(options, { origin: "https://evil.test" }))).toBeUndefined();
    expect(await check(key.assert(options, { challenge: "dmllam8" }))).toBeUndefined();
    expect(await check(key.assert(options, { counter: 3 }))).toBeUndefined();
    expect(await check(key.assert(options, { counter: 5 }))).toBeUndefined();
    // A signature that is not over this authenticator data (another assertion's).
    const signed = key.assert(options);
    const tampered = { ...signed, response: { ...signed.response, signature: key.assert(options).response.signature } };
    expect(await check(tampered)).toBeUndefined();
    expect(await check(key.assert(options))).toMatchObject({ counter: 10 });
  });

  it("ignores a user handle that is not one of our account ids", () => {
    const answer = (userHandle?: string) => ({
      id: "x",
      rawId: "x",
      type: "public-key" as const,
      response: userHandle === undefined ? {} : { userHandle },
    });
    expect(userIdOfHandle(answer())).toBeUndefined();
    expect(userIdOfHandle(answer(Buffer.from("maria").toString("base64url")))).toBeUndefined();
    expect(userIdOfHandle(answer(Buffer.from("-3").toString("base64url")))).toBeUndefined();
    expect(userIdOfHandle(answer(Buffer.from("7").toString("base64url")))).toBe(7);
  });
});
