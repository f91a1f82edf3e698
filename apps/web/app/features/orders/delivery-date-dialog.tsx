import type { Order } from "@app/shared";
import { type FormEvent, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldErrors } from "~/lib/error-message";

export type DeliveryDateDialogProps = {
  open: boolean;
  order: Order;
  /** Stores the day (`YYYY-MM-DD`, or null: no date yet); throws the API's refusal. */
  onSave: (deliveryOn: string | null) => Promise<void>;
  onClose: () => void;
};

const TITLE_ID = "pedido-entrega-titulo";

/** `Cambiar fecha de entrega`: a day, or none while it is not agreed. */
export function DeliveryDateDialog({ open, order, onSave, onClose }: DeliveryDateDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy={TITLE_ID} className="max-w-md">
      {open && <DeliveryDateForm order={order} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}

/** Mounted each time the dialog opens: it starts from the stored day. */
function DeliveryDateForm({ order, onSave, onClose }: Omit<DeliveryDateDialogProps, "open">) {
  const stored = order.deliveryOn ?? "";
  const [day, setDay] = useState(stored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const id = "pedido-entrega";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setProblem(null);
    try {
      await onSave(day || null);
      setBusy(false);
      onClose();
    } catch (refusal) {
      setBusy(false);
      const onField = fieldErrors(refusal, ["deliveryOn"]).deliveryOn;
      if (onField) setError(onField);
      else setProblem(errorMessage(refusal));
    }
  };

  return (
    <DialogForm
      titleId={TITLE_ID}
      title={`Fecha de entrega de ${order.number}`}
      busy={busy}
      dirty={day !== stored && !busy}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel="Guardar fecha"
      problem={problem}
    >
      <Field
        id={id}
        label="Fecha de entrega"
        error={error}
        hint="Déjala vacía si la entrega aún no tiene fecha."
        optional
      >
        <input
          id={id}
          type="date"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint: true })}
          className={`${inputStyles(Boolean(error))} min-h-11`}
        />
      </Field>
    </DialogForm>
  );
}
