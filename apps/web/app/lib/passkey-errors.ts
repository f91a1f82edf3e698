import { ApiError } from "./api-client";
import { errorMessage } from "./error-message";

// What a person reads when a passkey prompt fails. The browser's errors are in English and differ by
// platform; @simplewebauthn/browser keeps the DOMException's name, which is what is judged here.

export type PasskeyPurpose = "create" | "use";

const CANCELLED: Record<PasskeyPurpose, string> = {
  create: "Se canceló la creación de la llave de acceso.",
  use: "Se canceló el uso de la llave de acceso o se agotó el tiempo. Inténtalo de nuevo.",
};

const NOT_SUPPORTED = "Este navegador no admite llaves de acceso. Usa un navegador actualizado u otro método.";

/** The Spanish sentence for an error thrown while creating or using a passkey (API errors included). */
export function passkeyErrorMessage(error: unknown, purpose: PasskeyPurpose): string {
  if (error instanceof ApiError) return errorMessage(error);
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : "";
  // The library's own refusal, before any prompt: no WebAuthn in this browser.
  if (/not supported in this browser/i.test(message)) return NOT_SUPPORTED;
  switch (name) {
    // The person closed the prompt, or it timed out (browsers do not say which, on purpose).
    case "NotAllowedError":
    case "AbortError":
      return CANCELLED[purpose];
    case "InvalidStateError":
      return purpose === "create"
        ? "Este dispositivo ya tiene una llave de acceso de tu cuenta."
        : "No se pudo usar la llave de acceso. Inténtalo de nuevo.";
    case "NotSupportedError":
    case "ConstraintError":
      return "Este dispositivo no puede crear una llave de acceso adecuada. Prueba con otro dispositivo o método.";
    case "SecurityError":
      return "Las llaves de acceso no se pueden usar en esta dirección del sitio.";
    default:
      return purpose === "create"
        ? "No se pudo crear la llave de acceso. Inténtalo de nuevo."
        : "No se pudo usar la llave de acceso. Inténtalo de nuevo.";
  }
}
