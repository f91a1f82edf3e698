import type { UserAccount } from "@app/shared";
import type { StaffRole } from "@app/shared/constants";
import { memo, useMemo, useRef } from "react";
import { CardLabel, tableRole as role, ScrollTable } from "~/components/ui/scroll-table";
import { formatDateTime } from "~/lib/format-date";
import { RoleOptions } from "./role-options";

export type UsersTableProps = {
  accounts: UserAccount[];
  /** The signed-in administrator: their own role and state cannot be changed from here. */
  currentUserId: number;
  /** Id of the account being saved: its controls wait. */
  busyId: number | null;
  onRoleChange: (account: UserAccount, role: StaffRole) => void;
  onActiveChange: (account: UserAccount, active: boolean) => void;
  onTemporaryPassword: (account: UserAccount) => void;
  onSignature: (account: UserAccount) => void;
  /** Signs someone else out of every device (one's own: `Sesiones activas`). */
  onEndSessions: (account: UserAccount) => void;
  /** Only offered for an account that has a second factor to remove. */
  onResetSecondFactor: (account: UserAccount) => void;
};

const cell = "px-2.5 py-2 align-middle";
const actionStyles =
  "inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50 disabled:cursor-not-allowed disabled:opacity-50";

function StateBadges({ account }: { account: UserAccount }) {
  return (
    <div className="flex flex-wrap gap-1">
      <span
        className={`rounded-full px-2 py-0.5 font-semibold text-xs ${
          account.active ? "bg-leaf-100 text-leaf-900" : "bg-stone-200 text-stone-800"
        }`}
      >
        {account.active ? "Activo" : "Inactivo"}
      </span>
      {account.mustChangePassword && (
        <span className="rounded-full bg-petal-100 px-2 py-0.5 font-semibold text-petal-700 text-xs">
          Debe cambiar la contraseña
        </span>
      )}
    </div>
  );
}

function SecondFactorBadge({ account }: { account: UserAccount }) {
  return account.hasSecondFactor ? (
    <span className="rounded-full bg-leaf-100 px-2 py-0.5 font-semibold text-leaf-900 text-xs">Segundo factor</span>
  ) : (
    <span className="rounded-lg bg-stone-200 px-2 py-0.5 font-semibold text-stone-800 text-xs">Sin segundo factor</span>
  );
}

/** The staff accounts: usuario, nombre, correo, rol, estado (with the second factor), último acceso, and what can be done. */
export function UsersTable({ accounts, currentUserId, busyId, ...handlers }: UsersTableProps) {
  // The screen hands new callbacks at each of its renders (an action's every step renders it):
  // rows get stable ones that call the latest, so only a row whose account or state changed renders
  // again. With a couple of hundred accounts, rendering them all at each step kept the page busy
  // for seconds on a slow phone.
  const latest = useRef(handlers);
  latest.current = handlers;
  const actions = useMemo<RowActions>(
    () => ({
      onRoleChange: (account, role) => latest.current.onRoleChange(account, role),
      onActiveChange: (account, active) => latest.current.onActiveChange(account, active),
      onTemporaryPassword: (account) => latest.current.onTemporaryPassword(account),
      onSignature: (account) => latest.current.onSignature(account),
      onEndSessions: (account) => latest.current.onEndSessions(account),
      onResetSecondFactor: (account) => latest.current.onResetSecondFactor(account),
    }),
    [],
  );
  return (
    <ScrollTable
      id="usuarios-tabla"
      caption="Cuentas del personal"
      minWidth="md:min-w-[56rem]"
      headings={["Usuario", "Nombre", "Correo", "Rol", "Estado", "Último acceso", "Acciones"]}
      cardsOnPhone
    >
      <tbody {...role("rowgroup")} className="divide-y divide-stone-200">
        {accounts.map((account) => (
          <UserRow
            key={account.id}
            account={account}
            self={account.id === currentUserId}
            busy={busyId === account.id}
            actions={actions}
          />
        ))}
      </tbody>
    </ScrollTable>
  );
}

type RowActions = Omit<UsersTableProps, "accounts" | "currentUserId" | "busyId">;
type UserRowProps = { account: UserAccount; self: boolean; busy: boolean; actions: RowActions };

/** The same account, field by field: a reload brings new objects for accounts that did not change. */
const sameAccount = (a: UserAccount, b: UserAccount) =>
  (Object.keys(a) as (keyof UserAccount)[]).every((key) => a[key] === b[key]) &&
  Object.keys(a).length === Object.keys(b).length;

const UserRow = memo(
  function UserRow({ account, self, busy, actions }: UserRowProps) {
    return (
      <tr {...role("row")}>
        <th
          {...role("rowheader")}
          scope="row"
          className={`${cell} font-semibold text-leaf-900 [overflow-wrap:anywhere] max-md:text-base`}
        >
          {account.username}
          {self && <span className="ml-1 whitespace-nowrap font-normal text-stone-600">(tú)</span>}
        </th>
        <td {...role("cell")} className={cell}>
          {account.displayName}
        </td>
        <td {...role("cell")} className={`${cell} [overflow-wrap:anywhere]`}>
          {account.email ?? "—"}
        </td>
        <td {...role("cell")} className={`${cell} max-md:pt-1`}>
          <CardLabel>Rol</CardLabel>
          <select
            aria-label={`Rol de ${account.username}`}
            value={account.role}
            disabled={self || busy}
            onChange={(event) => actions.onRoleChange(account, event.target.value as StaffRole)}
            className="min-h-11 rounded-xl bg-white px-2 ring-1 ring-stone-300 disabled:bg-stone-100"
          >
            <RoleOptions />
          </select>
        </td>
        {/* The account's state and its second factor share a column, so the table fits a
            laptop's width beside the CRM's menu. */}
        <td {...role("cell")} className={cell}>
          <div className="flex items-start gap-1 max-md:flex-wrap md:flex-col">
            <StateBadges account={account} />
            <SecondFactorBadge account={account} />
          </div>
        </td>
        <td {...role("cell")} className={cell}>
          <CardLabel>Último acceso</CardLabel>
          {account.lastLoginAt ? formatDateTime(account.lastLoginAt) : "Nunca"}
        </td>
        <td {...role("cell")} className={`${cell} max-md:pt-2`}>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={self || busy}
              onClick={() => actions.onActiveChange(account, !account.active)}
              className={actionStyles}
            >
              {account.active ? "Desactivar" : "Activar"}
              <span className="sr-only"> {account.username}</span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => actions.onTemporaryPassword(account)}
              className={actionStyles}
            >
              Contraseña temporal<span className="sr-only"> de {account.username}</span>
            </button>
            <button type="button" disabled={busy} onClick={() => actions.onSignature(account)} className={actionStyles}>
              Firma<span className="sr-only"> de {account.username}</span>
            </button>
            {!self && (
              <button
                type="button"
                disabled={busy}
                onClick={() => actions.onEndSessions(account)}
                className={actionStyles}
              >
                Cerrar sesiones<span className="sr-only"> de {account.username}</span>
              </button>
            )}
            {account.hasSecondFactor && (
              <button
                type="button"
                disabled={busy}
                onClick={() => actions.onResetSecondFactor(account)}
                className={actionStyles}
              >
                Restablecer segundo factor<span className="sr-only"> de {account.username}</span>
              </button>
            )}
          </div>
        </td>
      </tr>
    );
  },
  (before, after) =>
    before.self === after.self &&
    before.busy === after.busy &&
    before.actions === after.actions &&
    sameAccount(before.account, after.account),
);
