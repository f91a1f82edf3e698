import { type MessageStatus, STATUS_LABELS } from "@app/shared/constants";
import { CircleCheck, CircleX, Clock, Hourglass } from "lucide-react";
import { ageText, formatDateTime } from "~/lib/format-date";

const LOOK: Record<MessageStatus, { classes: string; Icon: typeof Clock }> = {
  pendiente: { classes: "bg-amber-100 text-amber-900 ring-amber-300", Icon: Clock },
  respondido: { classes: "bg-leaf-100 text-leaf-900 ring-leaf-200", Icon: CircleCheck },
  rechazado: { classes: "bg-red-100 text-red-900 ring-red-200", Icon: CircleX },
};

/** Pendiente / Respondido / Rechazado: colour-coded, and always said in words with its own icon. */
export function StatusBadge({ status }: { status: MessageStatus }) {
  const { classes, Icon } = LOOK[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ${classes}`}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A message kept apart for review (spam suspicion), not yet accepted. */
export function ReviewBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-stone-200 px-2.5 py-0.5 font-semibold text-stone-900 text-xs">
      Por revisar
    </span>
  );
}

/** How long the oldest unanswered message has waited: "hace 3 días". */
export function WaitingBadge({ since }: { since: string }) {
  return (
    <span
      title={`Sin respuesta desde el ${formatDateTime(since)}`}
      className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 font-semibold text-amber-900 text-xs ring-1 ring-amber-300"
    >
      <Hourglass className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">Esperando respuesta desde </span>
      {ageText(since)}
    </span>
  );
}
