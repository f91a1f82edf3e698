import type { ContactMessage } from "@app/shared";
import { UserRoundPen } from "lucide-react";
import type { DetailDifference } from "./submitted-details";

export type SubmittedDetailsNoticeProps = {
  message: Pick<ContactMessage, "inReview">;
  differences: DetailDifference[];
  busy: boolean;
  /** Makes the typed details the contact's (`Usar estos datos`). */
  onUse: () => void;
};

/**
 * A returning sender typed other details than the stored ones (decision 040): what differs, and one
 * action to take them. A message still waiting for review is accepted first.
 */
export function SubmittedDetailsNotice({ message, differences, busy, onUse }: SubmittedDetailsNoticeProps) {
  return (
    // A group, not a region: several messages of one contact may each bring one.
    <fieldset className="grid gap-2 rounded-xl bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
      <legend className="float-left font-semibold">Datos distintos a los guardados</legend>
      <ul className="grid gap-1">
        {differences.map((difference) => (
          <li key={difference.label} className="break-words">
            <span className="font-medium">{difference.label}:</span> {difference.typed}{" "}
            <span className="text-amber-900">(guardado: {difference.stored})</span>
          </li>
        ))}
      </ul>
      {message.inReview ? (
        <p>Acepta el mensaje para poder usar estos datos.</p>
      ) : (
        <div>
          <button
            type="button"
            disabled={busy}
            onClick={onUse}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-white px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 transition-colors hover:bg-leaf-50 disabled:opacity-50"
          >
            <UserRoundPen className="size-4" aria-hidden="true" />
            Usar estos datos
          </button>
        </div>
      )}
    </fieldset>
  );
}
