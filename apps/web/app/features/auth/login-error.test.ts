import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { loginErrorMessage } from "./login-error";

describe("loginErrorMessage (spec section 8)", () => {
  it("names each failure as the spec words it", () => {
    expect(loginErrorMessage(new ApiError(401, "Credenciales inválidas"))).toBe("Usuario o contraseña incorrectos");
    expect(loginErrorMessage(new ApiError(403, "Cuenta desactivada"))).toBe("Tu cuenta no tiene permisos para acceder");
    expect(loginErrorMessage(new ApiError(0, "x"))).toBe("No se pudo conectar con el servidor");
    expect(loginErrorMessage(new ApiError(500, "La base de datos no responde"))).toBe("La base de datos no responde");
    expect(loginErrorMessage(new ApiError(500, ""))).toBe("Error desconocido. Por favor, intenta nuevamente.");
    expect(loginErrorMessage(new TypeError("boom"))).toBe("Error desconocido. Por favor, intenta nuevamente.");
  });

  it("says when to try again after a 429", () => {
    const now = new Date(2026, 10, 22, 21, 30, 0);
    const said = "Demasiados intentos fallidos para esta cuenta. Intenta nuevamente en 15 minutos.";
    expect(loginErrorMessage(new ApiError(429, said, [], 900), now)).toBe(
      `${said} Podrás volver a intentarlo a las 21:45.`,
    );
    expect(loginErrorMessage(new ApiError(429, "", [], 90), now)).toBe(
      "Demasiados intentos de inicio de sesión. Intenta nuevamente en 2 minutos. Podrás volver a intentarlo a las 21:31.",
    );
  });
});
