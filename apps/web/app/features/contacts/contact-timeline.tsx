import type { TimelineEvent } from "@app/shared";
import {
  BUSINESS_TIME_ZONE,
  LOST_REASON_LABELS,
  type LostReason,
  STAGE_LABELS,
  type Stage,
  TASK_LIMITS,
} from "@app/shared/constants";
import { useState } from "react";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { formatUsd } from "~/lib/format-money";
import { lazily } from "~/lib/lazily";
import { useTrackedEdit } from "~/lib/unsaved-changes";
import { dueText } from "./contact-tasks";
import { useContactsAction } from "./contacts-actions";

const atFormat = lazily(
  () =>
    new Intl.DateTimeFormat("es-EC", {
      timeZone: BUSINESS_TIME_ZONE,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }),
);

const text = (value: unknown) => (typeof value === "string" ? value : "");
/** An amount the API wrote as decimal text ("1234.50"). */
const dollars = (value: unknown) => formatUsd(Number(text(value)));
const stage = (value: unknown) => STAGE_LABELS[value as Stage] ?? text(value);

/** One line of the timeline in Spanish: what happened, and the words that came with it. */
function describe(event: TimelineEvent): { title: string; body?: string } {
  const { data } = event;
  const by = event.actor ? ` por ${event.actor}` : "";
  switch (event.kind) {
    case "message_received":
      return { title: "Mensaje recibido", body: text(data.message) };
    case "message_added":
      return { title: `Mensaje añadido${by}`, body: text(data.message) };
    case "reply_sent":
      return {
        // "por WhatsApp por Ana" would read twice: the person comes with "de".
        title:
          data.channel === "whatsapp"
            ? `Respuesta por WhatsApp${event.actor ? ` de ${event.actor}` : ""}`
            : `Respuesta enviada${by}`,
        body: text(data.reply),
      };
    case "stage_changed": {
      const reason = data.lostReason ? ` (${LOST_REASON_LABELS[data.lostReason as LostReason]})` : "";
      const auto = data.byReply ? " al responder" : "";
      return {
        title: `Etapa: ${stage(data.from)} → ${stage(data.to)}${reason}${auto}${by}`,
        body:
          text(data.lostNote) ||
          (typeof data.wonValue === "number" ? `Valor estimado: ${formatUsd(data.wonValue)}` : ""),
      };
    }
    case "owner_changed":
      return { title: `Responsable: ${text(data.toName) || "Sin responsable"}${by}` };
    case "task_created":
      return {
        title: `Tarea creada${by}: ${text(data.title) || "(sin título)"}`,
        body: data.dueAt ? `Vence ${dueText(text(data.dueAt))}` : "",
      };
    case "task_done":
      return { title: `Tarea hecha${by}: ${text(data.title)}` };
    case "task_reopened":
      return { title: `Tarea reabierta${by}: ${text(data.title)}` };
    case "internal_note":
      return {
        title: `Nota interna de ${event.actor ?? "alguien del equipo"}${data.editedAt ? " (editada)" : ""}`,
        body: text(data.body),
      };
    case "data_exported":
      return { title: `Datos exportados (LOPDP)${by}` };
    case "anonymised":
      return { title: `Datos anonimizados (LOPDP)${by}` };
    case "quote_sent":
      return { title: `Cotización ${text(data.number)} enviada${by}`, body: `Total: ${dollars(data.total)}` };
    case "quote_accepted":
      return {
        title: `Cotización ${text(data.number)} aceptada por el cliente`,
        body: `Total: ${dollars(data.total)}`,
      };
    case "quote_rejected":
      return { title: `Cotización ${text(data.number)} rechazada por el cliente` };
    case "order_created":
      return { title: `Pedido ${text(data.number)} confirmado${by}`, body: `Total: ${dollars(data.total)}` };
    case "order_changed":
      return { title: `Pedido ${text(data.number)}: ${text(data.stateLabel)}${by}` };
  }
}

export type ContactTimelineProps = {
  contactId: number;
  /** Newest first; null when it could not be loaded. */
  events: TimelineEvent[] | null;
};

/** `Nota interna` and the contact's history, newest first. */
export function ContactTimeline({ contactId, events }: ContactTimelineProps) {
  return (
    <section aria-labelledby="contacto-historial" className="grid gap-3">
      <h3 id="contacto-historial" className="font-bold text-leaf-900 text-lg">
        Historial
      </h3>
      <InternalNoteForm contactId={contactId} />
      {events === null ? (
        <p className="text-sm text-stone-600">No se pudo cargar el historial.</p>
      ) : (
        <ol className="grid gap-2 border-leaf-200 border-l-2 pl-4">
          {events.map((event, index) => {
            const { title, body } = describe(event);
            return (
              // The timeline has no ids of its own; its order is stable between loads.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="grid gap-0.5 text-sm">
                <span className="font-semibold text-stone-900">{title}</span>
                <time dateTime={event.at} className="text-stone-500 text-xs">
                  {atFormat().format(new Date(event.at))}
                </time>
                {body && <p className="whitespace-pre-line break-words text-stone-700">{body}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** `Nota interna`: stored by the dialog's `Guardar` with everything else changed (decision 047). */
function InternalNoteForm({ contactId }: Omit<ContactTimelineProps, "events">) {
  const action = useContactsAction();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  useTrackedEdit("nota", {
    dirty: body.trim() !== "",
    save: async () => {
      try {
        await action.run({ intent: "add-internal-note", contactId, body });
        setBody("");
        setError(undefined);
        return "Nota interna guardada. No se envía al cliente.";
      } catch (problem) {
        setError(fieldProblems(problem, ["body"] as const)[0]?.message ?? errorMessage(problem));
        return null;
      }
    },
  });
  return (
    <Field
      id="contacto-nota"
      label="Nota interna"
      hint="Solo la ve el equipo; nunca se envía al cliente. Se guarda con Guardar."
      error={error}
    >
      <textarea
        id="contacto-nota"
        rows={3}
        maxLength={TASK_LIMITS.note}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy("contacto-nota", { error, hint: true })}
        className={`${inputStyles(Boolean(error))} resize-y`}
      />
    </Field>
  );
}
