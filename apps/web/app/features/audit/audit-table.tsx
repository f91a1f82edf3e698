import type { AuditEntry } from "@app/shared";
import { formatDateTime } from "~/lib/format-date";
import { auditActionLabel } from "./audit-labels";

const cell = "px-3 py-2 align-top";

/** The audit log's rows: fecha, acción, usuario, afectado, IP. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // A wide table scrolls sideways on a phone: the region is named and reachable with the keyboard.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby="auditoria-tabla"
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption id="auditoria-tabla" className="sr-only">
          Registro de auditoría
        </caption>
        <thead className="bg-leaf-50 text-leaf-900">
          <tr>
            {["Fecha", "Acción", "Usuario", "Afectado", "IP"].map((title) => (
              <th key={title} scope="col" className={`${cell} py-3 font-semibold`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
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
      </table>
    </section>
  );
}
