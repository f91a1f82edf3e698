import { AUDIT_CATEGORIES, AUDIT_CATEGORY_LABELS } from "@app/shared";
import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { compactControl } from "~/components/ui/field";
import { paths } from "~/lib/paths";
import type { AuditFilters as Filters } from "./audit-api";

const label = "grid gap-1 font-semibold text-leaf-900 text-sm";

/**
 * Narrows `Auditoría` to a group of actions, one person's doing and some days. A plain GET form:
 * the filters live in the address, so a filtered page can be shared or reloaded. It sends no
 * `pagina`: a new filter shows its first page.
 */
export function AuditFilters({ filters }: { filters: Filters }) {
  const any = Object.values(filters).some(Boolean);
  return (
    <search>
      <Form
        method="get"
        action={paths.crmAudit}
        aria-label="Filtrar el registro"
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      >
        <label className={label}>
          Acciones
          <select name="grupo" defaultValue={filters.category ?? ""} className={`${compactControl} max-w-full`}>
            <option value="">Todas</option>
            {AUDIT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {AUDIT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Usuario
          <input
            name="usuario"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder="Nombre de usuario"
            defaultValue={filters.actor ?? ""}
            className={compactControl}
          />
        </label>
        <label className={label}>
          Desde
          <input name="desde" type="date" defaultValue={filters.from ?? ""} className={compactControl} />
        </label>
        <label className={label}>
          Hasta
          <input name="hasta" type="date" defaultValue={filters.to ?? ""} className={compactControl} />
        </label>
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className={`${buttonStyles.primary} min-h-11`}>
            Filtrar
          </button>
          {any && (
            <Link to={paths.crmAudit} className={`${buttonStyles.secondary} min-h-11`}>
              Quitar filtros
            </Link>
          )}
        </div>
      </Form>
    </search>
  );
}
