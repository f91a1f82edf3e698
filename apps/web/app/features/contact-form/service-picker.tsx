import { ChevronDown, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { errorId, FieldError, inputStyles } from "~/components/ui/field";

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
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const listId = useId();
  const countId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onClose();
    if (returnFocus) button.current?.focus();
  };

  // A click or focus outside the picker closes the list.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) {
        setOpen(false);
        onClose();
      }
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open, onClose]);

  const count = selected.length;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the picker closes its list
    <div
      ref={root}
      className="relative grid content-start gap-1.5"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <span id={labelId} className="font-semibold text-leaf-900 text-sm">
        {LABEL}
      </span>
      <button
        ref={button}
        type="button"
        aria-labelledby={labelId}
        aria-describedby={[countId, error ? errorId("contact-services") : ""].filter(Boolean).join(" ")}
        aria-expanded={open}
        aria-controls={listId}
        aria-invalid={Boolean(error)}
        onClick={() => (open ? close(false) : setOpen(true))}
        className={`${inputStyles(Boolean(error))} flex items-center justify-between text-left`}
      >
        <span id={countId} className={count ? "text-stone-900" : "text-stone-500"}>
          {count === 0
            ? "Selecciona productos o servicios"
            : `${count} ${count === 1 ? "seleccionado" : "seleccionados"}`}
        </span>
        <ChevronDown className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden="true" />
      </button>
      <fieldset
        id={listId}
        aria-labelledby={labelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl bg-white p-2 shadow-xl ring-1 ring-leaf-100"
      >
        <ul className="grid gap-0.5">
          {titles.map((title) => {
            const checked = selected.includes(title);
            return (
              <li key={title}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-leaf-50">
                  <input
                    type="checkbox"
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
      <FieldError id="contact-services" error={error} />
    </div>
  );
}
