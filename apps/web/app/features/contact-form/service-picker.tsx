import { ChevronDown, X } from "lucide-react";
import { useRef } from "react";
import { errorId, FieldError, inputStyles } from "~/components/ui/field";
import { useHydrated } from "~/lib/use-hydrated";
import { usePopoverOpen } from "~/lib/use-popover-open";

export type ServicePickerProps = {
  titles: string[];
  selected: string[];
  /** Titles selected for the person because they asked about them elsewhere (shown as "Auto"). */
  auto: ReadonlySet<string>;
  error: string | undefined;
  onToggle: (title: string) => void;
  onRemove: (title: string) => void;
  onClear: () => void;
  /** The list was closed: the field counts as touched. */
  onClose: () => void;
};

const LABEL = "Productos o servicios de interés";
// Fixed ids: the server finds the list and the count by them in a form sent without JavaScript.
const BUTTON_ID = "contact-services";
const LABEL_ID = "contact-services-label";
const LIST_ID = "contact-services-list";
const COUNT_ID = "contact-services-count";

/**
 * Spec sections 2 and 4: a dropdown of service types that toggle one by one, the chosen ones as
 * chips with a remove button, and "Limpiar todo".
 */
export function ServicePicker({
  titles,
  selected,
  auto,
  error,
  onToggle,
  onRemove,
  onClear,
  onClose,
}: ServicePickerProps) {
  const hydrated = useHydrated();
  const list = useRef<HTMLFieldSetElement>(null);
  // The list is a native popover: its button, Escape and a click outside open and close it with
  // or without JavaScript (and focus goes back to the button). Closing it counts as touching the field.
  const open = usePopoverOpen(list, (isOpen) => isOpen || onClose());

  const count = selected.length;
  return (
    <div className="relative grid content-start gap-1.5">
      <span id={LABEL_ID} className="font-semibold text-leaf-900 text-sm">
        {LABEL}
      </span>
      <button
        id={BUTTON_ID}
        type="button"
        popoverTarget={LIST_ID}
        aria-labelledby={LABEL_ID}
        aria-describedby={[COUNT_ID, error ? errorId(BUTTON_ID) : ""].filter(Boolean).join(" ")}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={LIST_ID}
        aria-invalid={Boolean(error)}
        className={`${inputStyles(Boolean(error))} flex items-center justify-between text-left [anchor-name:--contact-services]`}
      >
        <span id={COUNT_ID} className={count ? "text-stone-900" : "text-stone-500"}>
          {count === 0
            ? "Selecciona productos o servicios"
            : `${count} ${count === 1 ? "seleccionado" : "seleccionados"}`}
        </span>
        <ChevronDown className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <fieldset
        ref={list}
        id={LIST_ID}
        popover="auto"
        aria-labelledby={LABEL_ID}
        className="dropdown-popover max-h-72 overflow-y-auto rounded-xl bg-white p-2 shadow-xl ring-1 ring-leaf-100 [position-anchor:--contact-services]"
      >
        <ul className="grid gap-0.5">
          {titles.map((title) => {
            const checked = selected.includes(title);
            return (
              <li key={title}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-leaf-50">
                  <input
                    type="checkbox"
                    name="services"
                    value={title}
                    checked={checked}
                    onChange={() => onToggle(title)}
                    className="size-4 shrink-0 accent-leaf-700"
                  />
                  {title}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <ul className="flex flex-wrap gap-2" aria-label="Productos o servicios elegidos">
            {selected.map((title) => (
              <li
                key={title}
                className="flex items-center gap-1.5 rounded-full bg-leaf-50 py-1 pr-1 pl-3 text-leaf-900 text-sm ring-1 ring-leaf-100"
              >
                {title}
                {auto.has(title) && (
                  <span className="rounded-full bg-petal-100 px-2 py-0.5 font-semibold text-petal-700 text-xs">
                    Auto
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => onRemove(title)}
                  aria-label={`Quitar ${title}`}
                  className="grid size-7 place-items-center rounded-full hover:bg-leaf-100"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={onClear}
            className="rounded-full px-3 py-1 font-semibold text-petal-700 text-sm underline-offset-4 hover:underline"
          >
            Limpiar todo
          </button>
        </div>
      )}
      <FieldError id={BUTTON_ID} error={error} />
    </div>
  );
}
