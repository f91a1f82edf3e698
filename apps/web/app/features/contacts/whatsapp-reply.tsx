import type { Contact } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { LoaderCircle, MessageCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "~/lib/error-message";
import { useContactsAction } from "./contacts-actions";
import { whatsappChatHref, whatsappNumber } from "./whatsapp-link";

export type WhatsappReplyProps = {
  /** The contact's phone as stored: the country code, and the number joined to it. */
  contact: Pick<Contact, "countryCode" | "phone">;
  messageId: number;
  /** The reply as typed: WhatsApp opens with it written, and it is what gets recorded. */
  reply: string;
  /**
   * The reply was recorded (the route reloads the contact): the dialog's status line says so. Where
   * the focus goes next is the caller's choice, as with the other writes of a message.
   */
  onOutcome: (text: string) => void;
};

const button =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";
const plain = `${button} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`;

/**
 * `Responder por WhatsApp`: opens a chat with the contact, the reply already written, in a new tab;
 * staff send it there themselves. Back in the CRM a question asks whether it went, and `Sí,
 * registrar` records it as the message's reply (Respondido, no email). Without a usable number the
 * button stays in the tab order, unavailable, with the reason beside it.
 */
export function WhatsappReply({ contact, messageId, reply, onOutcome }: WhatsappReplyProps) {
  const id = useId();
  /** The text WhatsApp opened with, while the question waits: what gets recorded, even if the box changes meanwhile. */
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLDivElement>(null);
  const action = useContactsAction();

  const number = whatsappNumber(contact);
  const text = reply.trim();
  let unavailable: string | null = null;
  if (!number.ok) unavailable = number.reason;
  else if (text === "") unavailable = "Primero escribe el texto que enviarás por WhatsApp.";
  else if (text.length > CRM_LIMITS.reply)
    unavailable = `La respuesta puede tener hasta ${CRM_LIMITS.reply} caracteres.`;

  // Back from WhatsApp's tab, the person (and their screen reader) lands on the question.
  const asking = sent !== null;
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  const openChat = () => {
    if (unavailable !== null || busy || !number.ok) return;
    window.open(whatsappChatHref(number.digits, text), "_blank", "noopener");
    setProblem(null);
    setSent(text);
  };

  const notSent = () => {
    setSent(null);
    setProblem(null);
    opener.current?.focus();
  };

  const record = async () => {
    if (sent === null) return;
    setBusy(true);
    setProblem(null);
    try {
      await action.run({ intent: "whatsapp-reply", messageId, reply: sent });
      setSent(null);
      onOutcome("Respuesta registrada como enviada por WhatsApp. El mensaje quedó como Respondido.");
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={opener}
          type="button"
          // aria-disabled rather than disabled: the button stays reachable, and its reason is read with it.
          aria-disabled={unavailable !== null || busy}
          aria-describedby={unavailable ? `${id}-motivo` : undefined}
          onClick={openChat}
          className={`${plain} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Responder por WhatsApp
        </button>
        {unavailable && (
          <p id={`${id}-motivo`} className="text-sm text-stone-600">
            {unavailable}
          </p>
        )}
      </div>
      {asking && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend sits on its border; this group is named by its question, shown as a paragraph
        <div
          ref={question}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${id}-pregunta`}
          aria-describedby={`${id}-detalle`}
          className="grid gap-3 rounded-xl bg-leaf-50 p-3 ring-1 ring-leaf-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-petal-600"
        >
          <p id={`${id}-pregunta`} className="font-semibold text-leaf-900">
            ¿Enviaste el mensaje por WhatsApp?
          </p>
          <p id={`${id}-detalle`} className="text-sm text-stone-700">
            Si lo enviaste, la respuesta queda registrada en el mensaje, que pasa a Respondido. No se envía ningún
            correo.
          </p>
          {problem && (
            <p role="alert" className="font-medium text-red-700 text-sm">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={record}
              className={`${button} bg-petal-600 text-white ring-petal-600 hover:bg-petal-700`}
            >
              {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              Sí, registrar
            </button>
            <button type="button" disabled={busy} onClick={notSent} className={plain}>
              No
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
