import type { ServiceType, StaffMember } from "@app/shared";
import type { BoardFilters } from "./board-api";

type BoardFiltersFormProps = {
  filters: BoardFilters;
  staff: StaffMember[] | null;
  serviceTypes: ServiceType[] | null;
  onChange: (filters: BoardFilters) => void;
};

const control =
  "min-h-11 rounded-xl bg-white px-3 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 focus:outline-none focus:ring-2 focus:ring-leaf-600";

/** The board's filters, by owner and by product; they live in the address. */
export function BoardFiltersForm({ filters, staff, serviceTypes, onChange }: BoardFiltersFormProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap">
      <label className="grid gap-1 text-sm">
        <span className="font-semibold text-leaf-900">Responsable</span>
        <select
          value={filters.owner === null ? "" : String(filters.owner)}
          onChange={(event) => {
            const value = event.target.value;
            onChange({
              ...filters,
              owner: value === "" ? null : value === "me" || value === "none" ? value : Number(value),
            });
          }}
          className={control}
        >
          <option value="">Todos</option>
          <option value="me">Mis contactos</option>
          <option value="none">Sin responsable</option>
          {(staff ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-semibold text-leaf-900">Producto o servicio</span>
        <select
          value={filters.serviceTypeId ?? ""}
          onChange={(event) =>
            onChange({ ...filters, serviceTypeId: event.target.value === "" ? null : Number(event.target.value) })
          }
          className={`${control} max-w-full`}
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
  );
}
