import type { ServiceType, StaffMember } from "@app/shared";
import { X } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { compactControl } from "~/components/ui/field";
import { OwnerSelect } from "~/features/contacts";
import { paths } from "~/lib/paths";
import type { BoardFilters } from "./board-api";

type BoardFiltersFormProps = {
  filters: BoardFilters;
  staff: StaffMember[] | null;
  serviceTypes: ServiceType[] | null;
  companyName: string | null;
  onChange: (filters: BoardFilters) => void;
};

/**
 * The board's filters, by owner and by product, and the company a company's page sent it with (a
 * choice to remove, not a list of every farm); they live in the address. Memoised: a move renders
 * the screen again.
 */
export const BoardFiltersForm = memo(function BoardFiltersForm({
  filters,
  staff,
  serviceTypes,
  companyName,
  onChange,
}: BoardFiltersFormProps) {
  return (
    <div className="grid gap-3">
      {filters.companyId !== null && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Empresa:{" "}
            <Link to={paths.crmCompany(filters.companyId)} className="font-semibold text-leaf-800 underline">
              {companyName ?? `n.º ${filters.companyId}`}
            </Link>
          </span>
          <button
            type="button"
            onClick={() => onChange({ ...filters, companyId: null })}
            className="inline-flex min-h-11 items-center gap-1 rounded-xl px-3 font-semibold text-leaf-800 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            <X className="size-4" aria-hidden="true" />
            Quitar filtro de empresa
          </button>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap">
        <OwnerSelect
          value={filters.owner}
          onChange={(owner) => onChange({ ...filters, owner })}
          staff={staff}
          className={compactControl}
        />
        <label className="grid gap-1 text-sm">
          <span className="font-semibold text-leaf-900">Producto o servicio</span>
          <select
            value={filters.serviceTypeId ?? ""}
            onChange={(event) =>
              onChange({ ...filters, serviceTypeId: event.target.value === "" ? null : Number(event.target.value) })
            }
            className={`${compactControl} max-w-full`}
          >
            <option value="">Todos</option>
            {(serviceTypes ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.title}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
});
