import { type Opportunity, opportunityCreateSchema } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { LoaderCircle, Plus } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { formatDollars } from "~/lib/format-document";
import { createOpportunity, loadOpportunities } from "./follow-up-api";

const FIELDS = ["title", "value", "expectedCloseOn"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * `Oportunidades` (issue 33): the contact's sales, the current one first marked as the one `Etapa`
 * and `Responsable` act on, and `Nueva oportunidad` for the next (a farm buying again, another
 * product). Like the `Empresa` section it reads and writes through the API itself; the dialog's
 * pipeline reloads afterwards, since a new opportunity becomes the current one.
 */
export type ContactOpportunitiesProps = {
  contactId: number;
  /** What happened, for the dialog's one status line. */
  onOutcome: (text: string, tone?: "success" | "problem") => void;
};

export function ContactOpportunities({ contactId, onOutcome }: ContactOpportunitiesProps) {
  const [list, setList] = useState<Opportunity[] | null>(null);
  const [problem, setProblem] = useState("");
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const revalidator = useRevalidator();
  const ids = { title: useId(), value: useId(), close: useId() };

  const load = useCallback(
    (signal?: AbortSignal) =>
      loadOpportunities(contactId, signal)
        .then((rows) => {
          setList(rows);
          setProblem("");
        })
        .catch((error: unknown) => {
          if (!signal?.aborted) setProblem(errorMessage(error));
        }),
    [contactId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const input = {
      clientId: contactId,
      title: text("title"),
      value: text("value") || null,
      expectedCloseOn: text("expectedCloseOn") || null,
    };
    const parsed = opportunityCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Errors,
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = await createOpportunity(parsed.data);
      setAdding(false);
      onOutcome(`Se abrió la oportunidad «${made.title}»: ahora es la actual del contacto.`);
      await load();
      void revalidator.revalidate();
    } catch (error) {
      setErrors(fieldErrors(error, FIELDS));
      onOutcome(errorMessage(error), "problem");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="contacto-oportunidades" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="contacto-oportunidades" className="font-bold text-leaf-900 text-lg">
          Oportunidades
        </h3>
        {!adding && (
          <button type="button" onClick={() => setAdding(true)} className={`${buttonStyles.secondary} min-h-11`}>
            <Plus className="size-4" aria-hidden="true" />
            Nueva oportunidad
          </button>
        )}
      </div>
      {problem && <p className="text-red-700 text-sm">{problem}</p>}
      {list && list.length > 0 && (
        <ul className="grid gap-2">
          {list.map((row) => (
            <li key={row.id} className="rounded-xl p-3 text-sm ring-1 ring-stone-200">
              <p className="break-words font-semibold text-leaf-900">
                {row.title}
                {row.current && <span className="font-normal text-stone-600"> (actual)</span>}
              </p>
              <p className="text-stone-700">
                {STAGE_LABELS[row.stage]} · {row.value === null ? "sin valor estimado" : formatDollars(row.value)}
                {row.expectedCloseOn ? ` · cierre previsto ${row.expectedCloseOn}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <form
          noValidate
          onSubmit={submit}
          aria-label="Nueva oportunidad"
          className="grid gap-3 rounded-xl p-3 ring-1 ring-leaf-200"
        >
          <Field id={ids.title} label="Título" error={errors.title}>
            <input
              id={ids.title}
              name="title"
              className={inputStyles(Boolean(errors.title))}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy(ids.title, { error: errors.title })}
            />
          </Field>
          <Field id={ids.value} label="Valor estimado" optional error={errors.value}>
            <input
              id={ids.value}
              name="value"
              inputMode="decimal"
              className={inputStyles(Boolean(errors.value))}
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={describedBy(ids.value, { error: errors.value })}
            />
          </Field>
          <Field id={ids.close} label="Cierre previsto" optional error={errors.expectedCloseOn}>
            <input
              id={ids.close}
              name="expectedCloseOn"
              type="date"
              className={inputStyles(Boolean(errors.expectedCloseOn))}
              aria-invalid={errors.expectedCloseOn ? true : undefined}
              aria-describedby={describedBy(ids.close, { error: errors.expectedCloseOn })}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setAdding(false)} className={`${buttonStyles.secondary} min-h-11`}>
              Cancelar
            </button>
            <button type="submit" disabled={busy} className={`${buttonStyles.primary} min-h-11`}>
              {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              Abrir oportunidad
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
