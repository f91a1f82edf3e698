import type { FormEventHandler, ReactNode } from "react";
import { useDialogChanges, useTrackedEdit } from "~/lib/unsaved-changes";
import { FormButtons } from "./form-buttons";
import { Notice } from "./notice";

const SPACING = { tight: "gap-3", roomy: "gap-4" } as const;

/** Class names of the three parts; `long` is the contact dialogs' look. */
const LAYOUTS = {
  standard: {
    title: "px-6 pt-6",
    fields: "px-6 pt-1",
    buttons: "px-6 pb-6",
  },
  long: {
    title: "px-5 pt-5 md:px-6",
    fields: "px-5 pt-1 md:px-6",
    buttons: "border-stone-200 border-t px-5 py-4 md:px-6",
  },
} as const;

export type DialogFormProps = {
  /** id of the title; the `Dialog` around the form names itself by it (`labelledBy`). */
  titleId: string;
  title: string;
  /** True while the form is being sent: the form says so and the submit button waits. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** "Cancelar". */
  onCancel: () => void;
  submitLabel: string;
  /** A sentence under the title, above any problem: what saving will do. */
  intro?: ReactNode;
  /** A refusal that belongs to no single field, shown above the fields. */
  problem?: string | null;
  /** Space between the fields: `roomy` where they are large blocks (an editor and its preview). */
  spacing?: keyof typeof SPACING;
  /** `long`: narrower sides on a phone and a line above the buttons, for a long form that scrolls under them. */
  layout?: keyof typeof LAYOUTS;
  /** The fields hold something not sent yet: a close asks first (lib/unsaved-changes.tsx). */
  dirty?: boolean;
  /** The fields. */
  children: ReactNode;
};

/**
 * The form inside a `Dialog`: its title, the fields, an optional problem line, then "Cancelar" and a
 * submit button that shows a spinner while the form is sent.
 */
export function DialogForm({
  titleId,
  title,
  busy,
  onSubmit,
  onCancel,
  submitLabel,
  intro,
  problem,
  spacing = "tight",
  layout = "standard",
  dirty = false,
  children,
}: DialogFormProps) {
  const parts = LAYOUTS[layout];
  const dialog = useDialogChanges();
  useTrackedEdit(titleId, { dirty });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} className="flex max-h-[90svh] flex-col gap-4">
      <h2 id={titleId} className={`${parts.title} font-bold text-leaf-900 text-xl`}>
        {title}
      </h2>
      {/* The fields scroll on a short screen; the title and buttons stay in view. */}
      <div className={`grid min-h-0 flex-1 ${SPACING[spacing]} overflow-y-auto ${parts.fields}`}>
        {intro}
        {problem && (
          <Notice tone="problem">
            <p>{problem}</p>
          </Notice>
        )}
        {children}
      </div>
      <FormButtons
        submitLabel={submitLabel}
        busy={busy}
        onCancel={() => (dialog?.isDirty() ? dialog.requestClose() : onCancel())}
        className={`gap-3 ${parts.buttons}`}
      />
    </form>
  );
}
