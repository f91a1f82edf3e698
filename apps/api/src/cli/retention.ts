// `npm run db:retention -- [--dry-run]`: applies the leads' retention period now (LOPDP, decision 018),
// with LEAD_RETENTION_MONTHS and LEAD_RETENTION_ACTION as the server reads them. The server also does
// it once a day by itself; this is for a first run, a check, or after changing the period.
// On PGlite the server must be stopped (single-process database).
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { prepareDatabase } from "../db/setup.ts";
import { applyLeadRetention, previewLeadRetention } from "../modules/retention/retention.ts";
import { runCommand } from "./run-command.ts";

const USAGE = `Uso: npm run db:retention -- [--dry-run]
  Anonimiza (o elimina, LEAD_RETENTION_ACTION=delete) los contactos cuyo último contacto tiene más de
  LEAD_RETENTION_MONTHS meses. --dry-run: solo cuenta, no cambia nada.`;

class UsageError extends Error {}

const VERB = { anonymize: "anonimizados", delete: "eliminados" } as const;

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "dry-run": { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length > 0) throw new UsageError(USAGE);
  const config = loadConfig();
  const months = config.leadRetentionMonths;
  const action = config.leadRetentionAction;
  if (months === 0) {
    console.log("La retención de contactos está desactivada (LEAD_RETENTION_MONTHS=0): no se hace nada.");
    return;
  }
  const database = await prepareDatabase(config);
  try {
    if (values["dry-run"]) {
      const preview = await previewLeadRetention(database.db, { months, action });
      console.log(
        `Simulación: ${preview.clients} contactos (${preview.messages} mensajes) sin actividad desde el ${day(preview.cutoff)} serían ${VERB[action]}. No se cambió nada.`,
      );
      return;
    }
    const result = await applyLeadRetention(database.db, { months, action, trigger: "cli" });
    if (!result.ran)
      throw new UsageError("Otra instancia está aplicando la retención en este momento: inténtalo en un minuto.");
    console.log(
      `${result.clients} contactos (${result.messages} mensajes) sin actividad desde el ${day(result.cutoff)} ${VERB[action]}. Queda registrado en la auditoría.`,
    );
  } finally {
    await database.close();
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

runCommand(main, [UsageError]);
