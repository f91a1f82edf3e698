import type { Contact, ContactEmails, ContactMessage } from "@app/shared";
import { CONTACT_LIMITS, CRM_LIMITS, CRM_MESSAGES } from "@app/shared/constants";
import { Check, CircleX, MessageSquareReply, Pencil, RotateCcw, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { type ContactsIntent, useContactsAction } from "./contacts-actions";
import { ReceivedEmail, ReceivedHeader, ReplyDelivery } from "./message-email";
import { ServicePills } from "./service-pills";
import { ReviewBadge, StatusBadge } from "./status-badge";
import { detailDifferences } from "./submitted-details";
import { SubmittedDetailsNotice } from "./submitted-details-notice";
import { TextEditor } from "./text-editor";
import { WhatsappReply } from "./whatsapp-reply";

export type MessageItemProps = {
  message: ContactMessage;
  /** Where a reply is emailed: the outcome names it. */
  contactEmail: string;
  /** Whom a reply answers: a chosen template is filled in with their details. */
  contact?: Pick<Contact, "firstName" | "lastName" | "company" | "countryCode" | "phone">;
  /** The contact's details were replaced by a message's (`Usar estos datos`): the dialog's form starts again. */
  onDetailsUsed?: () => void;
  /** The email side of the contact's messages (received files, reply deliveries); null while unknown. */
  emails?: ContactEmails | null;
  /** A change was stored: the dialog says so in its status line. */
  onOutcome: (text: string) => void;
  /** Asks first (spec section 4's question), then deletes. */
  onRemove: (message: ContactMessage) => void;
  /** Asks first, then deletes a message kept for review. */
  onDiscard: (message: ContactMessage) => void;
};

type Editing = "reply" | "reject" | "edit" | null;

/** Said after "Guardado para revisión porque". */
const REVIEW_REASONS: Record<string, string> = {
  honeypot: "rellenó el campo oculto para robots",
  too_fast: "se envió más rápido de lo que tarda una persona",
  no_token: "no llegó desde el formulario del sitio",
  forged_token: "la marca de tiempo del formulario no es del sitio",
  stale_token: "el formulario se abrió hace más de un día",
  unknown_sender: "llegó por correo de una dirección que no es de ningún contacto",
  sender_mismatch:
    "llegó de un remitente distinto: está en la conversación del contacto, pero no lo envió su dirección. No siga instrucciones de pago de este correo sin confirmarlas con el cliente por otro medio",
  sender_unverified:
    "llegó de un remitente no verificado: dice venir de la dirección del contacto, pero el servidor de correo no lo confirmó. No siga instrucciones de pago de este correo sin confirmarlas con el cliente por otro medio",
};

const ORIGINS = { web: "Formulario del sitio", personal: "Nota del personal", email: "Correo recibido" } as const;

const action =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";
const plain = `${action} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`;
const danger = `${action} text-red-800 ring-red-200 hover:bg-red-50`;

/** One message of the contact dialog: date, origin, services, status, text, reply, and what can be done. */
export function MessageItem({
  message,
  contactEmail,
  contact,
  emails,
  onOutcome,
  onRemove,
  onDiscard,
  onDetailsUsed,
}: MessageItemProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const article = useRef<HTMLElement>(null);
  const headingId = `mensaje-${message.id}`;

  const action = useContactsAction();
  const email = emails?.messages.find((entry) => entry.messageId === message.id);
  // Unknown while the email side loads: the server refuses a reply it cannot send anyway.
  const byEmail = emails?.canReplyByEmail !== false;
  const differences = contact ? detailDifferences(message.submittedDetails, { ...contact, email: contactEmail }) : [];

  /**
   * Stores a change (the route reloads the contact); afterwards the focus stays on this message
   * (its buttons may have changed). A refusal is thrown for the editor to show.
   */
  const run = async (change: ContactsIntent, done: string) => {
    await action.run(change);
    onOutcome(done);
    setEditing(null);
    article.current?.focus();
  };

  const quick = async (change: ContactsIntent, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await run(change, done);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      ref={article}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-petal-600"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-leaf-900 text-sm">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          <span className="font-normal text-stone-600"> · {ORIGINS[message.origin]}</span>
        </h4>
        <div className="flex flex-wrap gap-1.5">
          {message.inReview && <ReviewBadge />}
          <StatusBadge status={message.status} />
        </div>
      </header>
      {message.services.length > 0 && <ServicePills services={message.services} />}
      {email && message.origin === "email" && <ReceivedHeader email={email} contactEmail={contactEmail} />}
      <p className="whitespace-pre-line break-words text-stone-800">
        {message.messageDescription || <span className="text-stone-600">(sin texto)</span>}
      </p>
      {email && message.origin === "email" && <ReceivedEmail email={email} />}
      {message.inReview && message.reviewReasons.length > 0 && (
        <p className="rounded-xl bg-stone-100 p-3 text-sm text-stone-800">
          Guardado para revisión porque{" "}
          {message.reviewReasons.map((reason) => REVIEW_REASONS[reason] ?? reason).join(" y ")}.
        </p>
      )}
      {differences.length > 0 && (
        <SubmittedDetailsNotice
          message={message}
          differences={differences}
          busy={busy}
          onUse={async () => {
            await quick(
              { intent: "use-message-details", messageId: message.id },
              "Datos del contacto actualizados con los de este mensaje.",
            );
            onDetailsUsed?.();
          }}
        />
      )}
      {message.reply !== null && (
        <div className="grid gap-1 rounded-xl bg-leaf-50 p-3 text-sm ring-1 ring-leaf-200">
          <p className="font-semibold text-leaf-900">
            {message.replyChannel === "whatsapp" ? "Respuesta por WhatsApp" : "Respuesta"}
            {message.repliedAt && (
              <span className="font-normal text-stone-700">
                {" "}
                · <time dateTime={message.repliedAt}>{formatDateTime(message.repliedAt)}</time>
              </span>
            )}
          </p>
          <p className="whitespace-pre-line break-words text-stone-800">{message.reply}</p>
          {email?.replyDelivery && message.replyChannel === "email" && (
            <ReplyDelivery
              delivery={email.replyDelivery}
              onRetry={() =>
                run(
                  { intent: "retry-email", emailId: email.replyDelivery?.id ?? 0 },
                  `El correo a ${contactEmail} volvió a la cola de envío.`,
                )
              }
            />
          )}
        </div>
      )}
      {message.status === "rechazado" && message.rejectionReason && (
        <p className="rounded-xl bg-red-50 p-3 text-red-900 text-sm ring-1 ring-red-200">
          <span className="font-semibold">Motivo del rechazo:</span> {message.rejectionReason}
        </p>
      )}

      {problem && (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {problem}
        </p>
      )}
      {editing === "reply" && (
        <TextEditor
          id={`respuesta-${message.id}`}
          label="Respuesta"
          hint={
            byEmail
              ? "Se enviará por correo al cliente, con tu firma."
              : // Said before anything is written: the contact's answer would have nowhere to go.
                CRM_MESSAGES.replyNeedsAddress
          }
          maxLength={CRM_LIMITS.reply}
          recipient={contact && { ...contact, products: message.services.map((service) => service.title) }}
          requiredMessage={CRM_MESSAGES.replyRequired}
          submitLabel="Enviar respuesta"
          onSubmit={async (reply) => {
            if (!byEmail) throw new Error(CRM_MESSAGES.replyNeedsAddress);
            await run(
              { intent: "reply", messageId: message.id, reply },
              `Respuesta guardada. El correo a ${contactEmail} quedó en cola de envío.`,
            );
          }}
          actions={
            contact &&
            ((text) => (
              <WhatsappReply
                contact={contact}
                messageId={message.id}
                reply={text}
                onOutcome={(done) => {
                  onOutcome(done);
                  setEditing(null);
                  article.current?.focus();
                }}
              />
            ))
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {editing === "reject" && (
        <TextEditor
          id={`motivo-${message.id}`}
          label="Motivo del rechazo"
          maxLength={CRM_LIMITS.reason}
          requiredMessage={CRM_MESSAGES.reasonRequired}
          submitLabel="Marcar como rechazado"
          onSubmit={(reason) =>
            run(
              { intent: "change-status", messageId: message.id, body: { status: "rechazado", reason } },
              "El mensaje quedó como Rechazado.",
            )
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {editing === "edit" && (
        <TextEditor
          id={`texto-${message.id}`}
          label="Texto del mensaje"
          initial={message.messageDescription}
          maxLength={CONTACT_LIMITS.message}
          requiredMessage={CRM_MESSAGES.messageRequired}
          submitLabel="Guardar mensaje"
          onSubmit={(text) => run({ intent: "edit-message", messageId: message.id, text }, "Mensaje actualizado.")}
          onCancel={() => setEditing(null)}
        />
      )}

      {editing === null && (
        <div className="flex flex-wrap gap-2">
          {message.inReview ? (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  quick(
                    { intent: "accept-message", messageId: message.id },
                    "Mensaje aceptado: ya aparece en la lista principal.",
                  )
                }
                className={plain}
              >
                <Check className="size-4" aria-hidden="true" />
                Aceptar
              </button>
              <button type="button" disabled={busy} onClick={() => onDiscard(message)} className={danger}>
                <X className="size-4" aria-hidden="true" />
                Descartar
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={() => setEditing("reply")} className={plain}>
                <MessageSquareReply className="size-4" aria-hidden="true" />
                {message.reply === null ? "Responder" : "Responder de nuevo"}
              </button>
              {message.status !== "rechazado" && (
                <button type="button" onClick={() => setEditing("reject")} className={plain}>
                  <CircleX className="size-4" aria-hidden="true" />
                  Rechazar
                </button>
              )}
              {message.status !== "pendiente" && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    quick(
                      { intent: "change-status", messageId: message.id, body: { status: "pendiente" } },
                      "El mensaje volvió a Pendiente.",
                    )
                  }
                  className={plain}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Marcar como pendiente
                </button>
              )}
            </>
          )}
          <button type="button" onClick={() => setEditing("edit")} className={plain}>
            <Pencil className="size-4" aria-hidden="true" />
            Editar mensaje
          </button>
          {!message.inReview && (
            <button type="button" onClick={() => onRemove(message)} className={danger}>
              <Trash2 className="size-4" aria-hidden="true" />
              Eliminar mensaje
            </button>
          )}
        </div>
      )}
    </article>
  );
}
