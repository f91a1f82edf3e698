import type { AuditEntry } from "@app/shared";
import { Link } from "react-router";
import { CardLabel, tableRole as role, ScrollTable } from "~/components/ui/scroll-table";
import { formatDateTime } from "~/lib/format-date";
import { paths } from "~/lib/paths";
import { auditActionLabel } from "./audit-labels";

const cell = "px-3 py-2 align-top";

/** Whom the entry concerns: an account, or a contact (a link to it while it exists). */
function Affected({ entry }: { entry: AuditEntry }) {
  if (entry.targetUsername) return <>{entry.targetUsername}</>;
  if (entry.client?.name) {
    return (
      <Link
        to={paths.crmContact(entry.client.id)}
        className="font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-950"
      >
        {entry.client.name}
      </Link>
    );
  }
  if (entry.client) return <span className="text-stone-600">Contacto eliminado (n.º {entry.client.id})</span>;
  return <>—</>;
}

/** The audit log's rows: fecha, acción with what changed, usuario, afectado, IP. */
export function AuditTable({ entries, filtered }: { entries: AuditEntry[]; filtered: boolean }) {
  return (
    <ScrollTable
      id="auditoria-tabla"
      caption="Registro de auditoría"
      minWidth="md:min-w-[50rem]"
      headings={["Fecha", "Acción", "Usuario", "Afectado", "IP"]}
      cardsOnPhone
    >
      <tbody {...role("rowgroup")} className="divide-y divide-stone-200">
        {entries.length === 0 && (
          <tr {...role("row")}>
            <td {...role("cell")} colSpan={5} className={`${cell} py-6 text-center text-stone-600`}>
              {filtered ? "Ningún evento coincide con los filtros." : "Todavía no hay eventos registrados."}
            </td>
          </tr>
        )}
        {entries.map((entry) => (
          <tr {...role("row")} key={entry.id}>
            <td {...role("cell")} className={`${cell} whitespace-nowrap max-md:text-stone-600`}>
              {formatDateTime(entry.at)}
            </td>
            <td {...role("cell")} className={`${cell} max-md:font-semibold max-md:text-leaf-900`}>
              {auditActionLabel(entry.action)}
              {entry.summary && <span className="block font-normal text-sm text-stone-700">{entry.summary}</span>}
            </td>
            <td {...role("cell")} className={cell}>
              <CardLabel>Usuario</CardLabel>
              {entry.actorUsername ?? "—"}
            </td>
            <td {...role("cell")} className={`${cell} [overflow-wrap:anywhere]`}>
              <CardLabel>Afectado</CardLabel>
              <Affected entry={entry} />
            </td>
            <td {...role("cell")} className={`${cell} font-mono text-xs`}>
              <CardLabel>IP</CardLabel>
              {entry.ip ?? "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
