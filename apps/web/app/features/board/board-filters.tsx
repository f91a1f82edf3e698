import type { ServiceType, StaffMember } from "@app/shared";
import { memo } from "react";
import { compactControl } from "~/components/ui/field";
import { OwnerSelect } from "~/features/contacts";
import type { BoardFilters } from "./board-api";

type BoardFiltersFormProps = {
  filters: BoardFilters;
  staff: StaffMember[] | null;
  serviceTypes: ServiceType[] | null;
  onChange: (filters: BoardFilters) => void;
};

/** The board's filters, by owner and by product; they live in the address. Memoised: a move renders the screen again. */
export const BoardFiltersForm = memo(function BoardFiltersForm({
  filters,
  staff,
  serviceTypes,
  onChange,
}: BoardFiltersFormProps) {
  return (
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
  );
});
