import { BRAND } from "@app/shared/constants";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

// Authenticator apps (RFC 6238 TOTP through otpauth): SHA-1, 6 digits, 30-second steps, the step
// before and after accepted for clocks that drift. A code is used once: the step it was accepted at
// is stored, and no code of that step or an earlier one is accepted again.

const PERIOD = 30;
const SETTINGS = { algorithm: "SHA1", digits: 6, period: PERIOD } as const;

/** A new secret, base32 (what the app's manual entry takes). 160 bits, as RFC 4226 recommends. */
export const newAuthenticatorSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` address the QR code holds. */
export function authenticatorUri(secret: string, username: string) {
  return new TOTP({ ...SETTINGS, issuer: BRAND.name, label: username, secret: Secret.fromBase32(secret) }).toString();
}

/** The QR code of `uri` as an SVG document. */
export const qrSvg = (uri: string) => QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });

/**
 * The 30-second step `code` belongs to, when it is right for `secret` now (+-1 step) and later than
 * `lastStep`; undefined otherwise.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()) {
  const delta = TOTP.validate({
    ...SETTINGS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now,
    window: 1,
  });
  if (delta === null) return undefined;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** The code for `secret` at `timestamp` (tests compute codes as an app would). */
export const authenticatorCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ ...SETTINGS, secret: Secret.fromBase32(secret), timestamp });
