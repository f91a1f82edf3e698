// `npm run user -- <order> ...`: staff accounts from a terminal, e.g. when nobody can sign in.
//   list
//   add <usuario> --name "Nombre" [--email correo] [--role administrador|personal] [--password clave]
//   disable <usuario> | enable <usuario>
//   reset <usuario> [--password clave]     (temporary password; every session ends)
//   reset-mfa <usuario>                    (removes every second factor: the last administrator's way back)
//   end-sessions <usuario> | end-sessions --all   (signs the account, or everybody, out of every device)
// Without --password a random temporary password is generated and printed once.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createUserRequestSchema } from "@app/shared";
import { ROLE_LABELS, type StaffRole } from "@app/shared/constants";
import { loadConfig } from "../config.ts";
import { prepareDatabase } from "../db/setup.ts";
import { PasswordRejectedError } from "../modules/accounts/auth/service.ts";
import { isSecondFactorRequired } from "../modules/accounts/second-factor/repo.ts";
import { resetSecondFactors } from "../modules/accounts/second-factor/service.ts";
import { findUserByUsername, listUsers } from "../modules/accounts/users/repo.ts";
import {
  AccountConflictError,
  changeUser,
  createUser,
  endUserSessions,
  setTemporaryPassword,
} from "../modules/accounts/users/service.ts";
import { runCommand } from "./run-command.ts";

const USAGE = `Uso: npm run user -- <orden> [opciones]
  list                                   lista las cuentas
  add <usuario> --name "Nombre" [--email correo] [--role administrador|personal] [--password clave]
  disable <usuario>                      desactiva la cuenta y cierra sus sesiones
  enable <usuario>                       reactiva la cuenta
  reset <usuario> [--password clave]     contraseña temporal (se cambia al iniciar sesión)
  reset-mfa <usuario>                    quita sus llaves de acceso, aplicación y códigos de recuperación
  end-sessions <usuario> | --all         cierra las sesiones de la cuenta (o de todas) en cada dispositivo`;

class UsageError extends Error {}

const temporaryPassword = () => randomBytes(12).toString("base64url");

async function run(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      email: { type: "string" },
      role: { type: "string", default: "personal" },
      password: { type: "string" },
      all: { type: "boolean", default: false },
    },
  });
  const [order, username] = positionals;
  if (!order || order === "help") throw new UsageError(USAGE);
  if (!["list", "add", "disable", "enable", "reset", "reset-mfa", "end-sessions"].includes(order))
    throw new UsageError(`Orden desconocida: ${order}\n${USAGE}`);
  const everyone = order === "end-sessions" && values.all;
  if (order !== "list" && !everyone && !username) throw new UsageError(`Falta el usuario.\n${USAGE}`);

  const database = await prepareDatabase(loadConfig());
  const { db } = database;
  try {
    const byName = async () => {
      const user = await findUserByUsername(db, username as string);
      if (!user) throw new UsageError(`No existe la cuenta "${username}".`);
      return user;
    };
    switch (order) {
      case "list": {
        for (const user of await listUsers(db)) {
          const state = user.active ? "activa" : "desactivada";
          console.log(
            `${user.username}\t${user.displayName}\t${ROLE_LABELS[user.role]}\t${state}\t${user.email ?? ""}`,
          );
        }
        return;
      }
      case "add": {
        const password = values.password ?? temporaryPassword();
        const parsed = createUserRequestSchema.safeParse({
          username,
          displayName: values.name ?? username,
          email: values.email ?? null,
          role: values.role as StaffRole,
          password,
        });
        if (!parsed.success)
          throw new UsageError(parsed.error.issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n"));
        // Made at the terminal by the person who will use it: only a generated password must be changed.
        const created = await createUser(db, parsed.data, undefined, { mustChangePassword: !values.password });
        console.log(`Cuenta "${created.username}" creada (${ROLE_LABELS[created.role]}).`);
        if (!values.password) console.log(`Contraseña temporal: ${password}\nSe pedirá cambiarla al iniciar sesión.`);
        return;
      }
      case "disable":
      case "enable": {
        const user = await byName();
        await changeUser(db, user.id, { active: order === "enable" }, undefined);
        console.log(`Cuenta "${user.username}" ${order === "enable" ? "reactivada" : "desactivada"}.`);
        return;
      }
      case "reset": {
        const user = await byName();
        const password = values.password ?? temporaryPassword();
        await setTemporaryPassword(db, user.id, password, undefined);
        console.log(`Contraseña temporal de "${user.username}": ${password}\nSe pedirá cambiarla al iniciar sesión.`);
        return;
      }
      case "reset-mfa": {
        const user = await byName();
        // Audited and emailed like an administrator's reset; the person enrols again at next sign-in.
        await resetSecondFactors(db, user, undefined, { ip: undefined });
        console.log(
          `Se quitaron los factores de acceso de "${user.username}". Inicia sesión con la contraseña${
            (await isSecondFactorRequired(db)) ? " y agrega un segundo factor (se exige)" : ""
          }.`,
        );
        return;
      }
      case "end-sessions": {
        const accounts = everyone ? await listUsers(db) : [await byName()];
        let ended = 0;
        for (const account of accounts) ended += (await endUserSessions(db, account.id, undefined)) ?? 0;
        console.log(`Se cerraron ${ended} sesiones${everyone ? " de todas las cuentas" : ` de "${username}"`}.`);
        return;
      }
      default:
        throw new UsageError(`Orden desconocida: ${order}\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

runCommand(run, [UsageError, PasswordRejectedError, AccountConflictError]);
