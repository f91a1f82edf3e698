import type { ServiceType } from "@app/shared";

export type ServiceCheckboxesProps = {
  /** Names the group, e.g. "Productos o servicios". */
  legend: string;
  idPrefix: string;
  /** From the route's loader; null when they could not be loaded. */
  types: ServiceType[] | null;
  value: number[];
  onChange: (ids: number[]) => void;
};

/** The 18 service types as checkboxes (from `GET /api/service-types`); none is required. */
export function ServiceCheckboxes({ legend, idPrefix, types, value, onChange }: ServiceCheckboxesProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold text-leaf-900 text-sm">
        {legend} <span className="font-normal text-stone-500">(opcional)</span>
      </legend>
      {!types && <p className="text-red-700 text-sm">No se pudo cargar la lista de productos y servicios.</p>}
      {types && (
        <ul className="grid max-h-48 gap-x-4 overflow-y-auto rounded-xl p-1 ring-1 ring-stone-200 sm:grid-cols-2">
          {types.map((type) => {
            const id = `${idPrefix}-${type.id}`;
            const checked = value.includes(type.id);
            return (
              <li key={type.id}>
                <label
                  htmlFor={id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-leaf-50"
                >
                  <input
                    id={id}
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      onChange(checked ? value.filter((other) => other !== type.id) : [...value, type.id])
                    }
                    className="size-4 accent-leaf-700"
                  />
                  {type.title}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
