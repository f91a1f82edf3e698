import type { ContactMessage, NewMessageInput, ServiceType } from "@app/shared";
import { CONTACT_LIMITS, CRM_MESSAGES } from "@app/shared/constants";
import { MessageSquarePlus } from "lucide-react";
import { useState } from "react";
import { Notice } from "~/components/ui/notice";
import { MessageItem, type MessageItemProps } from "./message-item";
import { ServiceCheckboxes } from "./service-checkboxes";
import { TextEditor } from "./text-editor";

export type ContactMessagesProps = {
  /** Newest first; null while loading. */
  messages: ContactMessage[] | null;
  loadProblem: string | null;
  serviceTypes: ServiceType[] | null;
  /** A note staff write (a call, a visit): `POST /api/clients/:id/messages`. */
  onAddNote: (body: NewMessageInput) => Promise<void>;
} & Omit<MessageItemProps, "message">;

/** The contact's messages, newest first, in a list that scrolls; and "Añadir mensaje". */
export function ContactMessages({
  messages,
  loadProblem,
  serviceTypes,
  onAddNote,
  ...itemProps
}: ContactMessagesProps) {
  const [adding, setAdding] = useState(false);
  const [services, setServices] = useState<number[]>([]);
  return (
    <section aria-labelledby="contacto-mensajes" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="contacto-mensajes" tabIndex={-1} className="font-bold text-leaf-900 text-lg focus:outline-none">
          Mensajes{messages ? ` (${messages.length})` : ""}
        </h3>
        {!adding && (
          <button
            type="button"
            onClick={() => {
              setServices([]);
              setAdding(true);
            }}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
          >
            <MessageSquarePlus className="size-4" aria-hidden="true" />
            Añadir mensaje
          </button>
        )}
      </div>

      {adding && (
        <div className="rounded-2xl bg-leaf-50 p-4 ring-1 ring-leaf-200">
          <TextEditor
            id="nuevo-mensaje"
            label="Nuevo mensaje"
            hint="Por ejemplo, lo que el cliente pidió en una llamada o una visita."
            maxLength={CONTACT_LIMITS.message}
            requiredMessage={CRM_MESSAGES.messageRequired}
            submitLabel="Añadir"
            onSubmit={async (message) => {
              await onAddNote({ message, serviceTypeIds: services });
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          >
            <ServiceCheckboxes
              legend="Productos o servicios"
              idPrefix="nuevo-mensaje-servicio"
              types={serviceTypes}
              value={services}
              onChange={setServices}
            />
          </TextEditor>
        </div>
      )}

      {loadProblem && (
        <Notice tone="problem">
          <p>No se pudieron cargar los mensajes: {loadProblem}</p>
        </Notice>
      )}
      {!messages && !loadProblem && <p className="text-stone-600">Cargando mensajes…</p>}
      {messages?.length === 0 && (
        <p className="rounded-2xl bg-stone-50 p-4 text-stone-700">{CRM_MESSAGES.noMessages}</p>
      )}
      {messages && messages.length > 0 && (
        <ol
          aria-labelledby="contacto-mensajes"
          className="grid max-h-[60svh] gap-3 overflow-y-auto rounded-2xl bg-stone-50 p-2 md:max-h-[26rem]"
        >
          {messages.map((message) => (
            <li key={message.id}>
              <MessageItem message={message} {...itemProps} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
