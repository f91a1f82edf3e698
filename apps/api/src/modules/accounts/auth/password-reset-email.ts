import { BRAND } from "@app/shared/constants";
import { type Email, escapeHtml, layout } from "../../email/index.ts";

/** To a staff member who asked to reset their password: a single-use link valid a few minutes. */
export function passwordResetEmail(displayName: string, link: string, minutes: number): Email {
  const text = [
    `Hola ${displayName}:`,
    "",
    `Alguien (probablemente tú) pidió restablecer la contraseña de tu cuenta del CRM de ${BRAND.name}.`,
    `Para elegir una nueva, abre este enlace en los próximos ${minutes} minutos; solo funciona una vez:`,
    "",
    link,
    "",
    "Si no lo pediste, ignora este correo: tu contraseña no cambia.",
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Restablecer tu contraseña",
    [
      `<p>Hola ${escapeHtml(displayName)}:</p>`,
      `<p>Alguien (probablemente tú) pidió restablecer la contraseña de tu cuenta del CRM de ${escapeHtml(BRAND.name)}.</p>`,
      `<p>Para elegir una nueva, abre este enlace en los próximos <strong>${minutes} minutos</strong>; solo funciona una vez:</p>`,
      `<p><a href="${escapeHtml(link)}" style="color:#245c3a">Restablecer mi contraseña</a></p>`,
      `<p style="font-size:12px;color:#6b7770">Si no lo pediste, ignora este correo: tu contraseña no cambia.</p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Restablecer tu contraseña - ${BRAND.name}`, text, html };
}
