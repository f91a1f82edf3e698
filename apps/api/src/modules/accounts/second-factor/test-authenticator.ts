import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { WebauthnCredential } from "@app/shared";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

// A software passkey for API tests (not a test itself): what a platform authenticator and
// @simplewebauthn/browser together send, made with node:crypto alone. ES256 (P-256) keys, attestation
// "none", user presence and verification always given. It can be told to misbehave the ways an
// attacker or a cloned key would: another origin, an old challenge, a counter going back.

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };
/** COSE: key type EC2, algorithm ES256, curve P-256 (RFC 9053). */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 };

/** The browser library's JSON, as the API's schema takes it. */
type Answer<T> = T & WebauthnCredential;

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** The CBOR (RFC 8949) of the few types WebAuthn needs, in their shortest form as authenticators write it. */
export function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const four = Buffer.alloc(5);
    four[0] = (major << 5) | 26;
    four.writeUInt32BE(length, 1);
    return four;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** How an answer should go wrong (for the security tests); by default it is right. */
export type Misbehaviour = {
  /** The page that asked, e.g. a phishing site's origin instead of ours. */
  origin?: string;
  /** Answer this challenge instead of the one in the options (a stale or replayed one). */
  challenge?: string;
  /** Sign with this counter instead of the next one (lower than before: a cloned key). */
  counter?: number;
};

export type SoftwarePasskeyOptions = {
  /** The relying party's ID (its host name), whose SHA-256 starts the authenticator data. */
  rpId: string;
  /** The origin the browser reports, `https://host[:port]`. */
  origin: string;
  /** A synced passkey (iCloud Keychain, Google Password Manager): flags BE and BS. */
  backedUp?: boolean;
  /** The counter of the first assertion minus one; 0 by default (each assertion counts one up). */
  counter?: number;
  /** A security key without a PIN or biometrics: it shows presence (UP) but never verifies (UV). */
  presenceOnly?: boolean;
};

/** One passkey: a P-256 key pair and its credential ID, on a device that answers ceremonies. */
export class SoftwarePasskey {
  /** The credential ID, base64url (what the server stores and lists). */
  readonly id = b64url(randomBytes(16));
  /** The signature counter of the last assertion. */
  counter: number;
  /** The user handle given at registration, returned by a discoverable sign-in. */
  userHandle: string | undefined;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly options: SoftwarePasskeyOptions) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.counter = options.counter ?? 0;
  }

  private flags(extra = 0) {
    const backup = this.options.backedUp ? FLAGS.backupEligible | FLAGS.backedUp : 0;
    const verified = this.options.presenceOnly ? 0 : FLAGS.userVerified;
    return FLAGS.userPresent | verified | backup | extra;
  }

  private authenticatorData(flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.options.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, misbehaviour: Misbehaviour) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: misbehaviour.challenge ?? challenge,
        origin: misbehaviour.origin ?? this.options.origin,
        crossOrigin: false,
      }),
    );
  }

  /** The COSE_Key of the public key (RFC 9052 §7), as the attested credential data holds it. */
  private coseKey() {
    const jwk = this.publicKey.export({ format: "jwk" });
    return cbor(
      new Map<CborValue, CborValue>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, Buffer.from(jwk.x ?? "", "base64url")],
        [COSE.y, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  /** `navigator.credentials.create()` for the server's registration options, as the browser library sends it. */
  register(
    creation: Pick<PublicKeyCredentialCreationOptionsJSON, "challenge" | "user">,
    misbehaviour: Misbehaviour = {},
  ): Answer<RegistrationResponseJSON> {
    this.userHandle = creation.user.id;
    const credentialId = Buffer.from(this.id, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    // AAGUID all zeros: attestation "none" tells nothing about the model.
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, this.coseKey()]);
    const authenticatorData = this.authenticatorData(this.flags(FLAGS.attested), this.counter, attested);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authenticatorData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", creation.challenge, misbehaviour)),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authenticatorData),
        transports: ["hybrid", "internal"],
        publicKeyAlgorithm: COSE.ES256,
        publicKey: b64url(this.publicKey.export({ format: "der", type: "spki" })),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get()` for the server's authentication options: the ES256 signature (DER,
   * as WebAuthn requires) over authenticatorData || SHA-256(clientDataJSON), with the user handle of
   * a discoverable passkey.
   */
  assert(
    request: Pick<PublicKeyCredentialRequestOptionsJSON, "challenge">,
    misbehaviour: Misbehaviour = {},
  ): Answer<AuthenticationResponseJSON> {
    const counter = misbehaviour.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authenticatorData = this.authenticatorData(this.flags(), counter);
    const clientDataJSON = this.clientData("webauthn.get", request.challenge, misbehaviour);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        authenticatorData: b64url(authenticatorData),
        clientDataJSON: b64url(clientDataJSON),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}

/** The relying party of an app's PUBLIC_URL, as passkey-ceremony.ts derives it. */
export function softwarePasskey(publicUrl: string, options: Omit<SoftwarePasskeyOptions, "rpId" | "origin"> = {}) {
  const url = new URL(publicUrl);
  return new SoftwarePasskey({ rpId: url.hostname, origin: url.origin, ...options });
}
