import { BRAND } from "@app/shared/constants";
import { type Email, escapeHtml, layout } from "../../email/index.ts";

/** What a security email reports (second-factor/service.ts queues it). */
export type SecurityNotice =
  | { event: "factor_added"; factor: string }
  | { event: "factor_removed"; factor: string }
  | { event: "factors_reset"; by: string }
  | { event: "recovery_code_used"; remaining: number }
  | { event: "new_device"; browser: string; network: string }
  | { event: "account_locked"; failures: number }
  /** To the other administrators: `username` became an administrator, by `by`'s hand. */
  | { event: "admin_granted"; username: string; by: string };

const OWN_WARNING = "Si no fuiste tú, cambia tu contraseña y avisa a un administrador de inmediato.";

function securityLines(notice: SecurityNotice, when: string): { subject: string; lines: string[]; warning?: string } {
  switch (notice.event) {
    case "account_locked":
      return {
        subject: "Intentos fallidos de iniciar sesión en tu cuenta",
        lines: [
          `El ${when} hubo ${notice.failures} intentos fallidos de iniciar sesión en tu cuenta desde dispositivos en los que nunca la usaste.`,
          "Desde ahora, cada nuevo intento desde otro dispositivo debe esperar más que el anterior. En los dispositivos donde ya iniciaste sesión puedes entrar como siempre.",
        ],
        warning:
          "Si no fuiste tú, alguien está probando contraseñas: usa una contraseña larga y única, y agrega un segundo factor.",
      };
    case "admin_granted":
      return {
        subject: "Nueva cuenta de administrador",
        lines: [`El ${when}, ${notice.by} dio el rol de administrador a la cuenta «${notice.username}».`],
        warning: "Si no esperabas este cambio, revisa la cuenta en Usuarios y avisa a los demás administradores.",
      };
    case "factor_added":
      return { subject: "Agregaste un segundo factor", lines: [`El ${when} se agregó ${notice.factor} a tu cuenta.`] };
    case "factor_removed":
      return { subject: "Quitaste un segundo factor", lines: [`El ${when} se quitó ${notice.factor} de tu cuenta.`] };
    case "factors_reset":
      return {
        subject: "Se restablecieron tus factores de acceso",
        lines: [
          `El ${when}, ${notice.by} quitó todas tus llaves de acceso, tu aplicación de autenticación y tus códigos de recuperación.`,
          "En tu próximo inicio de sesión podrás agregarlos de nuevo desde Seguridad de la cuenta.",
        ],
      };
    case "recovery_code_used":
      return {
        subject: "Se usó un código de recuperación",
        lines: [
          `El ${when} se inició sesión en tu cuenta con un código de recuperación. Te quedan ${notice.remaining}.`,
          notice.remaining <= 3 ? "Genera códigos nuevos en Seguridad de la cuenta." : "",
        ].filter(Boolean),
      };
    case "new_device":
      return {
        subject: "Nuevo inicio de sesión en tu cuenta",
        lines: [
          `El ${when} se inició sesión en tu cuenta desde un dispositivo nuevo: ${notice.browser}, red ${notice.network}.`,
        ],
      };
  }
}

/** To a staff member: something changed in how their account is protected, or was used. */
export function securityNoticeEmail(
  displayName: string,
  notice: SecurityNotice,
  when: string,
  securityUrl: string,
): Email {
  const { subject, lines, warning = OWN_WARNING } = securityLines(notice, when);
  const text = [
    `Hola ${displayName}:`,
    "",
    ...lines,
    "",
    warning,
    `Revisa tus sesiones y factores en ${securityUrl}`,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    subject,
    [
      `<p>Hola ${escapeHtml(displayName)}:</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>${escapeHtml(warning)}</strong></p>`,
      `<p><a href="${escapeHtml(securityUrl)}" style="color:#245c3a">Revisar Seguridad de la cuenta</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `${subject} - ${BRAND.name}`, text, html };
}
