import { formatDateTime } from "~/lib/format-date";

// The recovery codes as a text file the person keeps: what they are, whose, when they were made.

export type RecoveryCodesFile = { siteName: string; username: string; codes: readonly string[]; createdAt: Date };

/** The file's text, in Spanish, one numbered code a line. */
export function recoveryCodesText({ siteName, username, codes, createdAt }: RecoveryCodesFile) {
  const width = String(codes.length).length;
  return [
    `Códigos de recuperación de ${siteName}`,
    `Usuario: ${username}`,
    `Generados: ${formatDateTime(createdAt.toISOString())}`,
    "",
    "Cada código sirve una sola vez para iniciar sesión cuando no tienes tu llave de acceso ni tu",
    "aplicación de autenticación. Guárdalos en un lugar seguro y no los compartas.",
    "Si generas códigos nuevos, estos dejan de funcionar.",
    "",
    ...codes.map((code, index) => `${String(index + 1).padStart(width, " ")}. ${code}`),
    "",
  ].join("\n");
}

/** "codigos-recuperacion-ana-2026-05-14.txt": the account and the day, in the person's own calendar. */
export function recoveryCodesFilename(username: string, createdAt: Date) {
  const day = [createdAt.getFullYear(), createdAt.getMonth() + 1, createdAt.getDate()]
    .map((part) => String(part).padStart(2, "0"))
    .join("-");
  const safeName = username.replace(/[^\w.-]+/g, "_");
  return `codigos-recuperacion-${safeName}-${day}.txt`;
}
