import type { Company, CompanyChangeInput } from "@app/shared";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { Notice } from "~/components/ui/notice";
import { ApiError } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { useLeaveGuard } from "~/lib/unsaved-changes";
import { useZodForm } from "~/lib/use-zod-form";
import { useCompaniesAction } from "./companies-actions";
import { CompanyFields } from "./company-fields";
import {
  COMPANY_FORM_FIELDS,
  type CompanyFormValues,
  companyFieldProblems,
  companyFormSchema,
  companyFormValuesOf,
} from "./company-form-schema";

export type CompanyDetailsFormProps = { company: Company };

type Outcome = { tone: "success" | "problem"; text: string } | null;

/** A 409 of a change made on an older version (not the RUC's, which names its field). */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 409 && error.details.length === 0;

/**
 * The company's details, editable where they are read. Only the fields changed are sent, with the
 * version shown; leaving the page with changes not saved asks first.
 */
export function CompanyDetailsForm({ company }: CompanyDetailsFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useZodForm(companyFormSchema, {
    defaultValues: companyFormValuesOf(company),
  });
  const { run } = useCompaniesAction();
  const { errors, isDirty, isSubmitting, dirtyFields } = formState;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const dirtyNow = useRef(isDirty);
  dirtyNow.current = isDirty;
  const { question } = useLeaveGuard(() => dirtyNow.current);
  // The company as last loaded: after a refused change the route has loaded it again.
  const latest = useRef(company);
  latest.current = company;

  // Changed elsewhere (a merge filled its empty fields, a colleague saved): shown unless being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is what calls for the reset
  useEffect(() => {
    if (!dirtyNow.current) reset(companyFormValuesOf(latest.current));
  }, [company.version, reset]);

  const onValid = async (values: CompanyFormValues) => {
    setOutcome(null);
    const changed = COMPANY_FORM_FIELDS.filter((field) => dirtyFields[field]);
    const body = Object.fromEntries(changed.map((field) => [field, values[field]]));
    try {
      const saved = await run<Company>({
        intent: "change-company",
        companyId: company.id,
        body: { ...body, version: company.version } as CompanyChangeInput,
      });
      reset(companyFormValuesOf(saved));
      setOutcome({ tone: "success", text: "Se guardaron los datos de la empresa." });
    } catch (error) {
      if (isStale(error)) {
        reset(companyFormValuesOf(latest.current));
        setOutcome({ tone: "problem", text: `${errorMessage(error)} Ahora ves los datos guardados.` });
        return;
      }
      const onFields = companyFieldProblems(error);
      for (const { field, message } of onFields) setError(field, { message }, { shouldFocus: true });
      if (onFields.length === 0) setOutcome({ tone: "problem", text: errorMessage(error) });
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="empresa-datos"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid gap-3"
    >
      <h2 id="empresa-datos" className="font-bold text-leaf-900 text-xl">
        Datos de la empresa
      </h2>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
      <CompanyFields idPrefix="empresa" register={register} errors={errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSubmitting} className={`${buttonStyles.primary} min-h-11`}>
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Guardar cambios
        </button>
        <button
          type="button"
          disabled={!isDirty || isSubmitting}
          onClick={() => {
            reset(companyFormValuesOf(company));
            setOutcome(null);
          }}
          className={`${buttonStyles.secondary} min-h-11`}
        >
          Deshacer cambios
        </button>
      </div>
      <BlockedLeaveConfirm question={question} />
    </form>
  );
}
