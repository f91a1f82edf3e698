import { deliveryLabel, deliveryMeaning, type EmailDelivery, type MessageEmail } from "@app/shared";
import { FileDown, RotateCcw } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { saveFile } from "~/lib/save-file";
import { downloadAttachment } from "./email-api";

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const file =
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-left font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50 disabled:opacity-50";

export type ReceivedHeaderProps = {
  email: MessageEmail;
  /** The contact's address: an email from another one says so. */
  contactEmail: string;
};

/** Who a received email came from (its From, whoever the conversation is with) and its subject, above its text. */
export function ReceivedHeader({ email, contactEmail }: ReceivedHeaderProps) {
  const foreign = email.from !== null && email.from.toLowerCase() !== contactEmail.toLowerCase();
  return (
    <div className="grid gap-0.5 text-sm text-stone-700">
      {email.from && (
        <p className="break-words">
          <span className="font-semibold">De:</span> {email.from}
          {foreign && <span className="font-semibold text-red-800"> (no es la dirección del contacto)</span>}
        </p>
      )}
      {email.subject && (
        <p className="break-words">
          <span className="font-semibold">Asunto:</span> {email.subject}
        </p>
      )}
    </div>
  );
}

/** A received email's files and the earlier mails it quoted (folded), shown below its text. */
export function ReceivedEmail({ email }: { email: MessageEmail }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (id: number) => {
    setBusy(id);
    setProblem(null);
    try {
      saveFile(await downloadAttachment(id));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {email.attachments.length > 0 && (
        <section aria-label="Adjuntos" className="grid gap-2">
          <ul className="flex flex-wrap gap-2">
            {email.attachments.map((attachment) => (
              <li key={attachment.id}>
                {attachment.skippedReason ? (
                  <span className="inline-flex min-h-11 items-center rounded-xl bg-stone-100 px-3 text-sm text-stone-700">
                    {attachment.filename} ({sizeText(attachment.size)}): no se conservó. {attachment.skippedReason}.
                  </span>
                ) : (
                  <button
                    type="button"
                    className={file}
                    disabled={busy === attachment.id}
                    onClick={() => download(attachment.id)}
                  >
                    <FileDown className="size-4 shrink-0" aria-hidden="true" />
                    <span>
                      Descargar {attachment.filename} <span className="font-normal">({sizeText(attachment.size)})</span>
                    </span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {problem && (
            <p role="alert" className="font-medium text-red-700 text-sm">
              {problem}
            </p>
          )}
        </section>
      )}
      {email.quotedText && (
        <details className="rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
          <summary className="cursor-pointer font-semibold text-stone-800">Correo citado</summary>
          <p className="mt-2 whitespace-pre-line break-words text-stone-700">{email.quotedText}</p>
        </details>
      )}
    </>
  );
}

const TONES: Record<EmailDelivery["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  sending: "bg-amber-50 text-amber-900 ring-amber-200",
  sent: "bg-leaf-50 text-leaf-900 ring-leaf-200",
  failed: "bg-red-50 text-red-900 ring-red-200",
  bounced: "bg-red-50 text-red-900 ring-red-200",
};

/** How the reply email is going: `En cola`, `Enviado`, `Reintentando (n)`, `Rebotado`, `Fallido`. */
export function ReplyDelivery({ delivery, onRetry }: { delivery: EmailDelivery; onRetry: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const stuck = delivery.status === "failed" || delivery.status === "bounced";
  const meaning = deliveryMeaning(delivery.status, delivery.attempts);
  return (
    <div className="grid gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-stone-700">Correo:</span>
        <span className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${TONES[delivery.status]}`}>
          {deliveryLabel(delivery.status, delivery.attempts)}
        </span>
        {delivery.sentAt && delivery.status === "sent" && (
          <time className="text-stone-600" dateTime={delivery.sentAt}>
            {formatDateTime(delivery.sentAt)}
          </time>
        )}
      </p>
      {meaning && <p className="text-stone-700">{meaning}</p>}
      {delivery.serverAnswer && (
        <details className="text-stone-600">
          <summary className="cursor-pointer">Detalle técnico</summary>
          <p className="mt-1 break-words font-mono text-xs">{delivery.serverAnswer}</p>
        </details>
      )}
      {stuck && (
        <div>
          <button
            type="button"
            disabled={busy}
            className={file}
            onClick={async () => {
              setBusy(true);
              setProblem(null);
              try {
                await onRetry();
              } catch (error) {
                setProblem(errorMessage(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Reintentar
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
