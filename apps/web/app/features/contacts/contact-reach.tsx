import type { Contact, Pipeline, Task } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { Mail, MessageCircle, Phone, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { newQuotePath } from "~/features/quotes";
import { fullName } from "./contact-format";
import { dueText } from "./contact-tasks";
import { whatsappNumber } from "./whatsapp-link";

// The top of the contact dialog, for the salesperson at a farm with a phone in hand: where the
// sale stands and what comes next, then one tap to call, chat on WhatsApp or write an email.

// On a phone, three equal buttons with the icon over the word, as phone apps lay out their actions;
// side by side with the word after the icon from tablet width.
const link =
  "inline-flex min-h-11 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl px-1 py-1.5 font-semibold text-leaf-800 text-xs ring-1 ring-leaf-200 hover:bg-leaf-50 md:flex-row md:gap-1.5 md:px-3 md:text-sm";

type ContactReachProps = {
  contact: Contact;
  pipeline: Pipeline | null;
  /** The contact's tasks as loaded; null when they could not be. */
  tasks: Task[] | null;
};

/** The open task due first, if any. */
const nextTask = (tasks: Task[]) =>
  tasks.filter((task) => !task.done).sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0];

export function ContactReach({ contact, pipeline, tasks }: ContactReachProps) {
  const name = fullName(contact);
  const number = whatsappNumber(contact);
  const next = tasks ? nextTask(tasks) : undefined;
  return (
    <div className="grid gap-3">
      {(pipeline || tasks) && (
        <section aria-label="Resumen del contacto" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {pipeline && (
            <>
              <p>
                <span className="text-stone-600">Etapa:</span>{" "}
                <span className="font-semibold text-leaf-900">{STAGE_LABELS[pipeline.stage]}</span>
              </p>
              <p>
                <span className="text-stone-600">Responsable:</span>{" "}
                <span className="font-semibold text-leaf-900">{pipeline.owner?.displayName ?? "Sin responsable"}</span>
              </p>
            </>
          )}
          {tasks && (
            <p className="basis-full">
              <span className="text-stone-600">Próxima tarea:</span>{" "}
              {next ? (
                <>
                  <span className="font-semibold text-leaf-900">{next.title}</span>
                  <span className="text-stone-600">
                    {" "}
                    · <time dateTime={next.dueAt}>{dueText(next.dueAt)}</time>
                  </span>
                </>
              ) : (
                <span className="text-stone-700">ninguna</span>
              )}
            </p>
          )}
        </section>
      )}
      <div className="grid grid-cols-3 gap-2 md:flex">
        {number.ok && (
          <>
            <a href={`tel:+${number.digits}`} aria-label={`Llamar a ${name}`} className={link}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              Llamar
            </a>
            <a
              href={`https://wa.me/${number.digits}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp con ${name}`}
              className={link}
            >
              <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
              WhatsApp
            </a>
          </>
        )}
        <a href={`mailto:${contact.email}`} aria-label={`Escribir un correo a ${name}`} className={link}>
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          Correo
        </a>
        <Link
          to={newQuotePath(contact.id)}
          className="col-span-3 inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-3 py-1.5 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
        >
          <ReceiptText className="size-4 shrink-0" aria-hidden="true" />
          Nueva cotización
        </Link>
      </div>
    </div>
  );
}
