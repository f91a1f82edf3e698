import type { AuditEntry } from "@app/shared";
import { Link } from "react-router";
import { ScrollTable } from "~/components/ui/scroll-table";
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
      minWidth="min-w-[50rem]"
      headings={["Fecha", "Acción", "Usuario", "Afectado", "IP"]}
    >
      <tbody className="divide-y divide-stone-200">
        {entries.length === 0 && (
          <tr>
            <td colSpan={5} className={`${cell} py-6 text-center text-stone-600`}>
              {filtered ? "Ningún evento coincide con los filtros." : "Todavía no hay eventos registrados."}
            </td>
          </tr>
        )}
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
            <td className={cell}>
              {auditActionLabel(entry.action)}
              {entry.summary && <span className="block text-sm text-stone-700">{entry.summary}</span>}
            </td>
            <td className={cell}>{entry.actorUsername ?? "—"}</td>
            <td className={`${cell} [overflow-wrap:anywhere]`}>
              <Affected entry={entry} />
            </td>
            <td className={`${cell} font-mono text-xs`}>{entry.ip ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
