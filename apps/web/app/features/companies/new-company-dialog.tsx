import type { Company } from "@app/shared";
import { useEffect, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { errorMessage } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import { useCompaniesAction } from "./companies-actions";
import { CompanyFields } from "./company-fields";
import {
  type CompanyFormValues,
  companyFieldProblems,
  companyFormSchema,
  EMPTY_COMPANY_FORM,
} from "./company-form-schema";

export type NewCompanyDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The company was stored: the screen goes to its page. */
  onCreated: (company: Company) => void;
};

/** `Nueva empresa`: the company's fields in a dialog; only the name is required. */
export function NewCompanyDialog({ open, onClose, onCreated }: NewCompanyDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="empresa-nueva-titulo" className="max-w-2xl">
      {open && <NewCompanyForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

/** Mounted each time the dialog opens: it starts empty. */
function NewCompanyForm({ onClose, onCreated }: Omit<NewCompanyDialogProps, "open">) {
  const { register, handleSubmit, formState, setError, setFocus } = useZodForm(companyFormSchema, {
    defaultValues: EMPTY_COMPANY_FORM,
  });
  const { run } = useCompaniesAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);

  // After the dialog has opened (and placed the focus itself), the name takes it: it is asked first.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFocus("name"));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  const onValid = async (values: CompanyFormValues) => {
    setProblem(null);
    try {
      onCreated(await run<Company>({ intent: "create-company", body: values }));
    } catch (error) {
      const onFields = companyFieldProblems(error);
      for (const { field, message } of onFields) setError(field, { message }, { shouldFocus: true });
      if (onFields.length === 0) setProblem(errorMessage(error));
    }
  };

  return (
    <DialogForm
      titleId="empresa-nueva-titulo"
      title="Nueva empresa"
      busy={isSubmitting}
      dirty={isDirty && !isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Crear empresa"
      problem={problem}
      layout="long"
    >
      <CompanyFields idPrefix="empresa-nueva" register={register} errors={errors} />
    </DialogForm>
  );
}
