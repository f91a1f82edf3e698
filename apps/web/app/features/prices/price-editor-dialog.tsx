import {
  formatIvaPercent,
  IVA_CHOICES,
  PRESENTATION_UNITS,
  PRICE_LIMITS,
  PRICE_MESSAGES,
  type PresentationUnit,
  type PriceItem,
  type PriceProduct,
} from "@app/shared";
import { useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { TextField } from "~/components/ui/text-field";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useDialogChanges, useLeaveGuard } from "~/lib/unsaved-changes";
import { useZodForm } from "~/lib/use-zod-form";
import { formValuesOf, type PriceFormValues, priceFormSchema } from "./price-form-schema";
import { usePricesAction } from "./prices-actions";

const FIELDS = ["serviceTypeId", "code", "size", "unit", "listPrice", "ivaPercent"] as const;

const UNIT_NAMES: Record<PresentationUnit, string> = {
  L: "L (litros)",
  ml: "ml (mililitros)",
  kg: "kg (kilogramos)",
  g: "g (gramos)",
  unidad: "unidad (unidades)",
};

/** `new` for Nueva presentación, a presentation to edit it, null when closed. */
export type PriceEditing = PriceItem | "new" | null;

export type PriceEditorDialogProps = {
  editing: PriceEditing;
  /** The presentation being edited as stored now (after someone else's change, theirs). */
  stored: PriceItem | null;
  products: PriceProduct[];
  onClose: () => void;
  onSaved: (item: PriceItem, created: boolean) => void;
};

export function PriceEditorDialog({ editing, ...props }: PriceEditorDialogProps) {
  return (
    <Dialog open={editing !== null} onClose={props.onClose} labelledBy="precio-editor-titulo" className="max-w-2xl">
      {editing && <PriceForm item={editing === "new" ? null : editing} {...props} />}
    </Dialog>
  );
}

type PriceFormProps = Omit<PriceEditorDialogProps, "editing"> & { item: PriceItem | null };

/** Mounted each time the dialog opens: it starts from the presentation (or empty). */
function PriceForm({ item, stored, products, onClose, onSaved }: PriceFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useZodForm(priceFormSchema, {
    defaultValues: formValuesOf(item),
  });
  const run = usePricesAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  const changes = useDialogChanges();
  // The back button asks too while something typed is not stored.
  const { question } = useLeaveGuard(() => changes?.isDirty() ?? false);
  // The version of the last save or reload: a save sends it, the API refuses it if it moved on.
  const latest = useRef(stored);
  latest.current = stored;
  // A product the site no longer offers stays choosable for its own presentations.
  const choices =
    item && !products.some((product) => product.id === item.serviceTypeId)
      ? [...products, { id: item.serviceTypeId, title: item.productTitle }]
      : products;
  const rates: string[] =
    item && !IVA_CHOICES.some((rate) => rate === item.ivaPercent)
      ? [...IVA_CHOICES, item.ivaPercent]
      : [...IVA_CHOICES];

  const onValid = async (values: PriceFormValues) => {
    setProblem(null);
    const current = latest.current ?? item;
    try {
      const saved = current
        ? await run<PriceItem>({
            intent: "update-price-item",
            priceItemId: current.id,
            body: { ...values, version: current.version },
          })
        : await run<PriceItem>({ intent: "create-price-item", body: values });
      onSaved(saved, current === null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.details.length === 0) {
        // Someone saved it meanwhile: show theirs (the screen has reloaded it), never overwrite it unseen.
        if (latest.current) reset(formValuesOf(latest.current));
        setProblem(PRICE_MESSAGES.changedMeanwhile);
        return;
      }
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message }, { shouldFocus: true });
      // The taken code's 409 names its field too.
      if (error instanceof ApiError && error.status === 409)
        setError("code", { message: error.message }, { shouldFocus: true });
      else if (onFields.length === 0) setProblem(errorMessage(error));
    }
  };

  return (
    <>
      <DialogForm
        titleId="precio-editor-titulo"
        title={item ? "Editar presentación" : "Nueva presentación"}
        intro={item ? <p className="text-stone-700 text-sm">{item.description}</p> : undefined}
        busy={isSubmitting}
        dirty={isDirty && !isSubmitting}
        onSubmit={handleSubmit(onValid)}
        onCancel={onClose}
        submitLabel="Guardar presentación"
        problem={problem}
      >
        <Field id="precio-producto" label="Producto" error={errors.serviceTypeId?.message}>
          <select
            id="precio-producto"
            aria-invalid={Boolean(errors.serviceTypeId)}
            aria-describedby={describedBy("precio-producto", { error: errors.serviceTypeId?.message })}
            className={inputStyles(Boolean(errors.serviceTypeId))}
            {...register("serviceTypeId")}
          >
            <option value="">Elige un producto</option>
            {choices.map((product) => (
              <option key={product.id} value={String(product.id)}>
                {product.title}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id="precio-codigo"
          label="Código"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PRICE_LIMITS.code}
          hint="Letras sin tilde, números y guiones, por ejemplo RVB-5L. Se guarda en mayúsculas."
          error={errors.code?.message}
          {...register("code")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="precio-tamano"
            label="Tamaño"
            inputMode="decimal"
            autoComplete="off"
            hint="Por ejemplo 5 o 0,5"
            error={errors.size?.message}
            {...register("size")}
          />
          <Field id="precio-unidad" label="Unidad" error={errors.unit?.message}>
            <select
              id="precio-unidad"
              aria-invalid={Boolean(errors.unit)}
              aria-describedby={describedBy("precio-unidad", { error: errors.unit?.message })}
              className={inputStyles(Boolean(errors.unit))}
              {...register("unit")}
            >
              {PRESENTATION_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_NAMES[unit]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="precio-lista"
            label="Precio de lista (USD)"
            inputMode="decimal"
            autoComplete="off"
            hint="Sin IVA, hasta 6 decimales. Por ejemplo 98,50"
            error={errors.listPrice?.message}
            {...register("listPrice")}
          />
          <Field id="precio-iva" label="IVA" error={errors.ivaPercent?.message}>
            <select
              id="precio-iva"
              aria-invalid={Boolean(errors.ivaPercent)}
              aria-describedby={describedBy("precio-iva", { error: errors.ivaPercent?.message })}
              className={inputStyles(Boolean(errors.ivaPercent))}
              {...register("ivaPercent")}
            >
              {rates.map((rate) => (
                <option key={rate} value={rate}>
                  {formatIvaPercent(rate)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="flex items-start gap-3 text-sm">
          <input
            id="precio-activa"
            type="checkbox"
            aria-describedby="precio-activa-hint"
            className="mt-0.5 size-5 shrink-0 accent-leaf-700"
            {...register("active")}
          />
          <div>
            <label htmlFor="precio-activa" className="font-semibold text-leaf-900">
              Activa
            </label>
            <p id="precio-activa-hint" className="text-stone-600">
              Se ofrece en las cotizaciones nuevas; una inactiva queda en las ya hechas.
            </p>
          </div>
        </div>
      </DialogForm>
      <BlockedLeaveConfirm question={question} />
    </>
  );
}
