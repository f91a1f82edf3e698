import type { PriceItem } from "@app/shared";
import { presentationLabel } from "@app/shared";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import type { LineDraft, LineField } from "./quote-draft";
import { formatCents, formatDollars, formatPercent } from "./quote-format";

/** A line's field's id: stable while the line exists, whatever lines come and go around it. */
export const lineFieldId = (key: string, field: LineField | "subtotal") => `cotizacion-${key}-${field}`;

type ProductGroup = { product: string; items: PriceItem[] };

/** The presentations by product, in the catalogue's words, for the select's groups. */
export function groupByProduct(items: PriceItem[]): ProductGroup[] {
  const groups = new Map<string, PriceItem[]>();
  for (const item of [...items].sort(
    (a, b) => a.productTitle.localeCompare(b.productTitle, "es") || a.code.localeCompare(b.code),
  )) {
    groups.set(item.productTitle, [...(groups.get(item.productTitle) ?? []), item]);
  }
  return [...groups].map(([product, grouped]) => ({ product, items: grouped }));
}

export type QuoteLineFieldsProps = {
  index: number;
  line: LineDraft;
  groups: ProductGroup[];
  /** The presentation chosen, when the catalogue still offers it. */
  item: PriceItem | undefined;
  /** What the stored line said, for a presentation no longer on offer. */
  storedDescription: string | undefined;
  errors: Partial<Record<LineField, string>>;
  subtotalCents: number | null;
  onChange: (field: LineField, value: string) => void;
  onLeave: (field: LineField) => void;
  onRemove: (() => void) | undefined;
};

/** One line of the quote: a card, its figures two or four abreast, then a row on a wide screen. */
export function QuoteLineFields({
  index,
  line,
  groups,
  item,
  storedDescription,
  errors,
  subtotalCents,
  onChange,
  onLeave,
  onRemove,
}: QuoteLineFieldsProps) {
  const id = (field: LineField) => lineFieldId(line.key, field);
  const control = (field: LineField) => ({
    id: id(field),
    "aria-invalid": Boolean(errors[field]),
    "aria-describedby": describedBy(id(field), {
      error: errors[field],
      hint: field === "priceItemId" && Boolean(item),
    }),
    onBlur: () => onLeave(field),
  });
  const number = (
    field: "quantity" | "unitPrice" | "discountPercent",
    adornment: ReactNode,
    side: "left" | "right",
  ) => (
    <div className="relative">
      <input
        {...control(field)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={line[field]}
        onChange={(event) => onChange(field, event.target.value)}
        className={`${inputStyles(Boolean(errors[field]))} tabular-nums ${side === "left" ? "pl-7" : "pr-8"}`}
      />
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-stone-600 ${side === "left" ? "left-3" : "right-3"}`}
      >
        {adornment}
      </span>
    </div>
  );
  return (
    <fieldset className="grid gap-x-3 gap-y-1 rounded-2xl bg-white p-4 ring-1 ring-stone-200 xl:grid-cols-[minmax(0,2.4fr)_repeat(3,minmax(0,1fr))_minmax(0,1.1fr)_auto] xl:items-start xl:p-3">
      <legend className="sr-only">Línea {index + 1}</legend>
      <div className="flex items-start gap-2 xl:contents">
        <div className="min-w-0 flex-1">
          <Field
            id={id("priceItemId")}
            label="Presentación"
            error={errors.priceItemId}
            hint={
              item &&
              `${item.description} · IVA ${formatPercent(item.ivaPercent)} · lista ${formatDollars(item.listPrice)}`
            }
          >
            <select
              {...control("priceItemId")}
              value={line.priceItemId ?? ""}
              onChange={(event) => onChange("priceItemId", event.target.value)}
              className={inputStyles(Boolean(errors.priceItemId))}
            >
              <option value="">Elige una presentación</option>
              {line.priceItemId !== null && !item && (
                <option value={line.priceItemId}>
                  {storedDescription ?? "Presentación retirada"} (ya no se ofrece)
                </option>
              )}
              {groups.map((group) => (
                <optgroup key={group.product} label={group.product}>
                  {group.items.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {presentationLabel(choice.size, choice.unit)} · {choice.code} · {formatDollars(choice.listPrice)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
        </div>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Quitar línea ${index + 1}`}
            className="order-last mt-6 grid size-11 shrink-0 place-items-center rounded-full text-red-700 hover:bg-red-50 xl:mt-7"
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-4 xl:contents">
        <Field id={id("quantity")} label="Cantidad" error={errors.quantity}>
          {number("quantity", null, "right")}
        </Field>
        <Field id={id("unitPrice")} label="Precio unitario" error={errors.unitPrice}>
          {number("unitPrice", "$", "left")}
        </Field>
        <Field id={id("discountPercent")} label="Descuento" error={errors.discountPercent}>
          {number("discountPercent", "%", "right")}
        </Field>
        <div className="grid content-start gap-1.5">
          <label htmlFor={lineFieldId(line.key, "subtotal")} className="font-semibold text-leaf-900 text-sm">
            Subtotal
          </label>
          <output
            id={lineFieldId(line.key, "subtotal")}
            aria-live="off"
            className="block py-3 text-right font-semibold text-base text-leaf-900 tabular-nums sm:text-left"
          >
            {subtotalCents === null ? "—" : formatCents(subtotalCents)}
          </output>
        </div>
      </div>
    </fieldset>
  );
}
