import { type ReactNode, useState } from "react";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { FormButtons } from "~/components/ui/form-buttons";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { type ReplyRecipient, useReplyTemplateSlot } from "~/lib/reply-template-slot";
import { useTrackedEdit } from "~/lib/unsaved-changes";

export type TextEditorProps = {
  id: string;
  label: string;
  initial?: string;
  maxLength: number;
  /** Shown when the person sends an empty text. */
  requiredMessage: string;
  submitLabel: string;
  hint?: ReactNode;
  /** Saves the text; a thrown error is shown under the field and the text is kept. */
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
  /** What else the form sends (services of a note). */
  children?: ReactNode;
  /**
   * A reply: who it answers. The route's template picker (lib/reply-template-slot.tsx), if any,
   * shows above the text and fills it in for them.
   */
  recipient?: ReplyRecipient | undefined;
  /** Other ways to send the text (`Responder por WhatsApp`), beside the send button. */
  actions?: ((text: string) => ReactNode) | undefined;
};

/**
 * A text area with its own send and cancel buttons: a reply, a rejection reason, a message's new
 * text, a note. It gets the focus when it opens; Escape inside it belongs to the dialog.
 */
export function TextEditor({
  id,
  label,
  initial = "",
  maxLength,
  requiredMessage,
  submitLabel,
  hint,
  onSubmit,
  onCancel,
  children,
  recipient,
  actions,
}: TextEditorProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const TemplatePicker = useReplyTemplateSlot();
  // A reply or a note half written has its own send button: only guarded against a close (decision 047).
  useTrackedEdit(id, { dirty: text !== initial });
  return (
    <form
      noValidate
      aria-busy={busy}
      className="grid gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (text.trim() === "") {
          setError(requiredMessage);
          return;
        }
        setBusy(true);
        setError(undefined);
        try {
          await onSubmit(text);
        } catch (problem) {
          const onField = fieldProblems(problem, ["message", "reply", "reason"])[0];
          setError(onField?.message ?? errorMessage(problem));
          setBusy(false);
        }
      }}
    >
      {recipient && TemplatePicker && (
        <TemplatePicker
          editorId={id}
          recipient={recipient}
          onFill={(filled) => {
            setText(filled);
            setError(undefined);
          }}
        />
      )}
      <Field id={id} label={label} error={error} hint={hint}>
        <textarea
          id={id}
          // The editor opens because the person asked for it: their typing goes here.
          // biome-ignore lint/a11y/noAutofocus: opened on request, inside a dialog
          autoFocus
          rows={4}
          maxLength={maxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
          className={`${inputStyles(Boolean(error))} resize-y`}
        />
      </Field>
      {children}
      <FormButtons
        submitLabel={submitLabel}
        busy={busy}
        onCancel={onCancel}
        before={actions?.(text)}
        className="gap-2"
      />
    </form>
  );
}
