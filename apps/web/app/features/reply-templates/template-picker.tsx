import type { ReplyTemplate } from "@app/shared";
import { fillTemplate } from "@app/shared/constants";
import { useState } from "react";
import { Field, hintId, inputStyles } from "~/components/ui/field";
import type { ReplyTemplateSlotProps } from "~/lib/reply-template-slot";
import { TemplatePreview } from "./template-preview";
import { templateValuesFor } from "./template-values";

const HINT = "Pone la plantilla en la respuesta con los datos de este contacto; después puedes editarla.";

export type TemplatePickerProps = ReplyTemplateSlotProps & {
  templates: ReplyTemplate[];
  /** The signed-in staff member: `{responsable}`. */
  staffName: string;
};

/**
 * `Plantilla` in the reply editor: choosing one writes it, filled in for this contact, into the
 * reply (replacing what was there) and shows it; the person edits the reply as they like
 * afterwards. `Sin plantilla` leaves the text alone. Nothing shows while there are no templates.
 */
export function TemplatePicker({ editorId, recipient, onFill, templates, staffName }: TemplatePickerProps) {
  const [chosenId, setChosenId] = useState("");
  if (templates.length === 0) return null;
  const values = templateValuesFor(recipient, staffName);
  const chosen = templates.find((template) => String(template.id) === chosenId);
  const selectId = `${editorId}-plantilla`;
  return (
    <div className="grid gap-2">
      <Field id={selectId} label="Plantilla" hint={HINT}>
        <select
          id={selectId}
          aria-describedby={hintId(selectId)}
          value={chosen ? chosenId : ""}
          onChange={(event) => {
            setChosenId(event.target.value);
            const picked = templates.find((template) => String(template.id) === event.target.value);
            if (picked) onFill(fillTemplate(picked.body, values));
          }}
          className={inputStyles(false)}
        >
          <option value="">Sin plantilla</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </Field>
      {chosen && (
        <TemplatePreview
          id={`${selectId}-vista-previa`}
          title={`Vista previa de «${chosen.name}»`}
          text={fillTemplate(chosen.body, values)}
        />
      )}
    </div>
  );
}
