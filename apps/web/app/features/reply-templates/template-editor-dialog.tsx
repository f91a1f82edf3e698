import type { ReplyTemplate } from "@app/shared";
import { fillTemplate, REPLY_TEMPLATE_LIMITS, REPLY_TEMPLATE_MESSAGES, unknownVariables } from "@app/shared/constants";
import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import { useReplyTemplatesAction } from "./reply-templates-actions";
import { type TemplateFormInput, type TemplateFormValues, templateFormSchema } from "./template-form-schema";
import { TemplatePreview } from "./template-preview";
import { EXAMPLE_VALUES } from "./template-values";
import { TemplateVariables } from "./template-variables";

const FIELDS = ["name", "body"] as const;
const BODY_HINT =
  "El correo empieza con «Hola {nombre}:» y termina con la firma de quien responde: escribe lo que va en medio.";

export type TemplateEditorDialogProps = {
  /** `new` for Nueva plantilla, a template to edit it, null when closed. */
  editing: ReplyTemplate | "new" | null;
  onClose: () => void;
  onSaved: (template: ReplyTemplate, created: boolean) => void;
};

export function TemplateEditorDialog({ editing, onClose, onSaved }: TemplateEditorDialogProps) {
  return (
    <Dialog open={editing !== null} onClose={onClose} labelledBy="plantilla-editor-titulo" className="max-w-3xl">
      {editing && <TemplateForm template={editing === "new" ? null : editing} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

/** Mounted each time the dialog opens: it starts from the template (or empty). */
function TemplateForm({
  template,
  onClose,
  onSaved,
}: { template: ReplyTemplate | null } & Omit<TemplateEditorDialogProps, "editing">) {
  const defaultValues: TemplateFormInput = { name: template?.name ?? "", body: template?.body ?? "" };
  const { register, handleSubmit, formState, setError, setValue, control, getFieldState } = useZodForm(
    templateFormSchema,
    { defaultValues },
  );
  const run = useReplyTemplatesAction();
  const { errors, isDirty, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  const body = useWatch({ control, name: "body" }) ?? "";
  const bodyElement = useRef<HTMLTextAreaElement | null>(null);
  const { ref: bodyRef, ...bodyField } = register("body");
  const unknown = unknownVariables(body);

  /** Writes a variable where the cursor is (typing braces is slow on a phone) and puts the cursor after it. */
  const insert = (token: string) => {
    const element = bodyElement.current;
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? body.length;
    setValue("body", `${body.slice(0, start)}${token}${body.slice(end)}`, {
      shouldDirty: true,
      shouldValidate: getFieldState("body").isTouched,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onValid = async (values: TemplateFormValues) => {
    setProblem(null);
    try {
      const saved = template
        ? await run<ReplyTemplate>({ intent: "update-template", templateId: template.id, body: values })
        : await run<ReplyTemplate>({ intent: "create-template", body: values });
      onSaved(saved, template === null);
    } catch (error) {
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      const message = errorMessage(error);
      // The 409 names the field too; said under it whatever the status.
      if (message === REPLY_TEMPLATE_MESSAGES.nameTaken) setError("name", { message });
      else if (onFields.length === 0) setProblem(message);
    }
  };

  return (
    <DialogForm
      titleId="plantilla-editor-titulo"
      title={template ? "Editar plantilla" : "Nueva plantilla"}
      busy={isSubmitting}
      dirty={isDirty && !isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Guardar plantilla"
      problem={problem}
      spacing="roomy"
    >
      <TextField
        id="plantilla-nombre"
        label="Nombre"
        autoComplete="off"
        maxLength={REPLY_TEMPLATE_LIMITS.name}
        hint="Así la verá el personal en la lista «Plantilla» al responder."
        error={errors.name?.message}
        {...register("name")}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="plantilla-texto" label="Texto" hint={BODY_HINT} error={errors.body?.message}>
          <textarea
            id="plantilla-texto"
            rows={8}
            maxLength={REPLY_TEMPLATE_LIMITS.body}
            aria-invalid={Boolean(errors.body)}
            aria-describedby={describedBy("plantilla-texto", { error: errors.body?.message, hint: true })}
            className={`${inputStyles(Boolean(errors.body))} resize-y`}
            {...bodyField}
            ref={(element) => {
              bodyRef(element);
              bodyElement.current = element;
            }}
          />
        </Field>
        <div className="grid content-start gap-2">
          <TemplatePreview
            id="plantilla-vista-previa"
            title="Vista previa con datos de ejemplo"
            text={fillTemplate(body, EXAMPLE_VALUES)}
          />
          {unknown.length > 0 && (
            <p className="text-petal-700 text-sm">
              {unknown.length === 1
                ? "No es una variable y se enviará tal cual: "
                : "No son variables y se enviarán tal cual: "}
              {unknown.join(", ")}
            </p>
          )}
        </div>
      </div>
      <TemplateVariables id="plantilla-variables" onInsert={insert} />
    </DialogForm>
  );
}
