import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { passkeyErrorMessage } from "./passkey-errors";

const domError = (name: string, message = "") => Object.assign(new Error(message), { name });

describe("passkeyErrorMessage", () => {
  it("says a closed prompt was cancelled, in the words of the task at hand", () => {
    expect(passkeyErrorMessage(domError("NotAllowedError"), "create")).toBe(
      "Se canceló la creación de la llave de acceso.",
    );
    expect(passkeyErrorMessage(domError("NotAllowedError"), "use")).toMatch(/^Se canceló el uso/);
  });

  it("explains a passkey this device already holds", () => {
    expect(passkeyErrorMessage(domError("InvalidStateError"), "create")).toMatch(/ya tiene una llave/);
  });

  it("recognises a browser without WebAuthn", () => {
    expect(passkeyErrorMessage(new Error("WebAuthn is not supported in this browser"), "use")).toMatch(
      /no admite llaves de acceso/,
    );
  });

  it("passes the server's Spanish message on", () => {
    const refused = new ApiError(401, "No se pudo verificar la llave de acceso. Inténtalo de nuevo.");
    expect(passkeyErrorMessage(refused, "use")).toBe(refused.message);
  });

  it("never shows the browser's English text", () => {
    expect(passkeyErrorMessage(domError("UnknownError", "The operation failed"), "create")).toBe(
      "No se pudo crear la llave de acceso. Inténtalo de nuevo.",
    );
  });
});
