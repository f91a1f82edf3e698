import type { AuditEntry } from "@app/shared";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDateTime } from "~/lib/format-date";
import { auditActionLabel } from "./audit-labels";

const cell = "px-3 py-2 align-top";

/** The audit log's rows: fecha, acción, usuario, afectado, IP. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <ScrollTable
      id="auditoria-tabla"
      caption="Registro de auditoría"
      minWidth="min-w-[44rem]"
      headings={["Fecha", "Acción", "Usuario", "Afectado", "IP"]}
    >
      <tbody className="divide-y divide-stone-200">
        {entries.length === 0 && (
          <tr>
            <td colSpan={5} className={`${cell} py-6 text-center text-stone-600`}>
              Todavía no hay eventos registrados.
            </td>
          </tr>
        )}
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
            <td className={cell}>{auditActionLabel(entry.action)}</td>
            <td className={cell}>{entry.actorUsername ?? "—"}</td>
            <td className={cell}>{entry.targetUsername ?? "—"}</td>
            <td className={`${cell} font-mono text-xs`}>{entry.ip ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
