// `npm run db:seed -- <opciones>`: made-up contacts and messages for the CRM, in the configured
// database (DATA_DIR with PGlite, or DATABASE_URL with PostgreSQL).
//   --demo                          about 200 realistic contacts with owners, stages, tasks and notes,
//                                   four staff accounts and three reply templates (a second run adds nothing)
//   --messages N [--clients M]      bulk data for benchmarks: N messages from M contacts (N/4), with
//                                   eight staff owners, stages, N*0.3 tasks and timeline events
// Refuses to run with NODE_ENV=production unless --force: the data are fictitious.
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { prepareDatabase } from "../db/setup.ts";
import { ensureFirstAdmin } from "../modules/accounts/users/first-admin.ts";
import { runCommand } from "./run-command.ts";
import { seedBulk } from "./seed-bulk.ts";
import { seedDemo } from "./seed-demo.ts";
import { ensureDemoPrices } from "./seed-demo-prices.ts";
import { DEMO_PASSWORD } from "./seed-demo-staff.ts";
import { ensureDemoTemplates } from "./seed-demo-templates.ts";
import { DEMO_STAFF } from "./seed-words.ts";

const USAGE = `Uso: npm run db:seed -- <opciones>
  --demo                       unos 200 contactos de demostración con responsables, etapas, tareas y
                               notas, cuatro cuentas del personal y tres plantillas de respuesta
                               (si ya están, no añade nada)
  --messages N [--clients M]   N mensajes de M contactos (por defecto N/4), con responsables, etapas,
                               tareas y eventos, para medir el rendimiento
  --force                      permite ejecutarlo con NODE_ENV=production`;

const MAX_MESSAGES = 20_000_000;

class UsageError extends Error {}

const count = (value: string | undefined, name: string, max: number) => {
  if (value === undefined) return undefined;
  const parsed = Number(value.replaceAll("_", ""));
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
    throw new UsageError(`${name} debe ser un número entero entre 1 y ${max.toLocaleString("es-EC")}.\n${USAGE}`);
  return parsed;
};

const number = (value: number) => value.toLocaleString("es-EC");

async function run(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      demo: { type: "boolean", default: false },
      messages: { type: "string" },
      clients: { type: "string" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`Argumento desconocido: ${positionals[0]}\n${USAGE}`);
  const messages = count(values.messages, "--messages", MAX_MESSAGES);
  const contacts = count(values.clients, "--clients", MAX_MESSAGES);
  if (!values.demo && messages === undefined) throw new UsageError(USAGE);
  if (contacts !== undefined && messages === undefined) throw new UsageError(`--clients va con --messages.\n${USAGE}`);
  if (contacts !== undefined && messages !== undefined && contacts > messages)
    throw new UsageError("--clients no puede superar a --messages: cada contacto tiene al menos un mensaje.");
  if (process.env.NODE_ENV === "production" && !values.force)
    throw new UsageError(
      "NODE_ENV=production: esto añade contactos y mensajes ficticios a la base de datos.\n" +
        "Si de verdad es lo que quieres, repite la orden con --force.",
    );

  const config = loadConfig();
  const database = await prepareDatabase(config);
  // The server's pool cancels queries after 2.5 s; building a million rows takes longer.
  let bulkClient: pg.Client | undefined;
  try {
    let db: Db = database.db;
    if (database.engine === "postgres") {
      bulkClient = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 10_000 });
      await bulkClient.connect();
      db = drizzle(bulkClient, { schema });
    }
    const where = database.engine === "postgres" ? "PostgreSQL" : `PGlite (${config.dataDir})`;
    // The server makes its first administrator only while there is no account at all: seeded staff
    // accounts would leave nobody to administer, so it is made here first, as the server would.
    const firstAdmin = await ensureFirstAdmin(database.db, config);
    if (firstAdmin?.generatedPassword)
      console.log(
        `Primera cuenta de administrador creada: usuario "${firstAdmin.username}", contraseña temporal ` +
          `"${firstAdmin.generatedPassword}". Cámbiala al iniciar sesión; no se volverá a mostrar.`,
      );
    else if (firstAdmin) console.log(`Primera cuenta de administrador creada: usuario "${firstAdmin.username}".`);
    if (values.demo) {
      const result = await seedDemo(db);
      console.log(
        result.clients === 0
          ? `Los datos de demostración ya estaban en ${where}: no se añadió nada.`
          : `Datos de demostración en ${where}: ${number(result.clients)} contactos y ${number(result.messages)} mensajes` +
              `${result.skipped > 0 ? ` (${number(result.skipped)} contactos ya existían)` : ""}; ` +
              `${number(result.tasks)} tareas (${number(result.openTasks)} abiertas), ${number(result.notes)} notas internas ` +
              `y ${number(result.events)} cambios en el historial.`,
      );
      if (result.staff > 0)
        console.log(
          `Cuentas del personal de demostración: ${DEMO_STAFF.map((person) => person.username).join(", ")}; ` +
            `contraseña "${DEMO_PASSWORD}" (solo para demostraciones).`,
        );
      const templates = await ensureDemoTemplates(db);
      if (templates > 0) console.log(`Plantillas de respuesta de demostración: ${templates}.`);
      const prices = await ensureDemoPrices(db);
      if (prices > 0) console.log(`Presentaciones con precio de demostración: ${prices}.`);
    }
    if (messages !== undefined) {
      const contactCount = contacts ?? Math.max(1, Math.floor(messages / 4));
      console.log(`Carga masiva en ${where}: ${number(messages)} mensajes de ${number(contactCount)} contactos…`);
      const started = performance.now();
      const result = await seedBulk(db, {
        messages,
        clients: contactCount,
        engine: database.engine,
        log: (line) => console.log(line),
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1).replace(".", ",");
      console.log(
        `Listo en ${seconds} s: contactos desde el id ${result.firstClientId}, mensajes desde el id ` +
          `${result.firstMessageId}, ${number(result.serviceLinks)} servicios solicitados, ${number(result.tasks)} tareas, ` +
          `${number(result.companies)} empresas, ${number(result.quotes)} cotizaciones, ${number(result.orders)} pedidos; ` +
          `el contacto ${result.busyClientId} es un cliente frecuente con un historial largo.`,
      );
    }
  } finally {
    await bulkClient?.end().catch(() => {});
    await database.close();
  }
}

runCommand(run, [UsageError], USAGE);
