import type { Contact, ContactDetail, ContactMessage, ServiceType, StaffMember } from "@app/shared";
import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { EmailAddress } from "~/components/ui/email-address";
import { BlockedLeaveConfirm } from "~/components/ui/leave-confirm";
import { errorMessage } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import { useDialogChanges, useLeaveGuard } from "~/lib/unsaved-changes";
import { ContactCompany } from "./contact-company";
import { ContactDetailsForm } from "./contact-details-form";
import { fullName } from "./contact-format";
import { ContactMessages } from "./contact-messages";
import { ContactOpportunities } from "./contact-opportunities";
import { ContactReach } from "./contact-reach";
import { ContactTasks } from "./contact-tasks";
import { ContactTimeline } from "./contact-timeline";
import { useContactsAction } from "./contacts-actions";
import { exportContactData } from "./contacts-api";
import { parseContactId } from "./contacts-query";
import { DataRights } from "./data-rights";
import { type FollowUp, FollowUpForms } from "./follow-up";

/** Why the dialog opened: "Ver" reads first, "Editar" starts in the form. */
export type ContactIntent = "view" | "edit";

export type ContactDialogProps = {
  /** Who the dialog shows; null when it is closed. */
  contact: Contact | null;
  /** The stored contact and all their messages, as the route loaded them (again after each change). */
  detail: ContactDetail | null;
  loadProblem: string | null;
  /** The contact's timeline and open tasks, as the route loaded them; null when they could not be. */
  followUp: FollowUp | null;
  staff: StaffMember[] | null;
  intent: ContactIntent;
  serviceTypes: ServiceType[] | null;
  onClose: () => void;
};

/**
 * The contact-detail modal of spec section 2: the contact's data (editable), their messages with
 * status, reply, edit and delete, a note to add, and the LOPDP rights. About 3xl wide; Escape, the
 * backdrop and "Cerrar" close it; focus goes back to the button that opened it.
 */
export function ContactDialog({ contact, ...props }: ContactDialogProps) {
  return (
    <Dialog open={contact !== null} onClose={props.onClose} labelledBy="contacto-titulo" className="max-w-3xl">
      {contact && <ContactDialogContent key={contact.id} contact={contact} {...props} />}
    </Dialog>
  );
}

type Outcome = { tone: "success" | "problem"; text: string } | null;
type Confirming = { kind: "delete" | "discard"; message: ContactMessage } | { kind: "anonymise" } | null;

function ContactDialogContent({
  contact,
  detail,
  loadProblem,
  followUp,
  staff,
  intent,
  serviceTypes,
}: ContactDialogProps & { contact: Contact }) {
  const { id } = contact;
  const action = useContactsAction();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Inside a Dialog, always: its changes hold what the parts below have not stored (decision 047).
  const changes = useDialogChanges();
  // The back button or a link that leaves this contact asks too (a reload, the browser's question).
  const { question: leaveQuestion } = useLeaveGuard(
    () => changes?.isDirty() ?? false,
    (next) => parseContactId(next.search) !== id,
  );
  // The form starts again from the stored data after an anonymisation or `Usar estos datos`.
  const [formVersion, setFormVersion] = useState(0);
  const title = useRef<HTMLHeadingElement>(null);
  const name = fullName(contact);
  const say = (text: string, tone: "success" | "problem" = "success") => setOutcome({ tone, text });

  /** The one `Guardar` (decision 047): every part changed, stored one after the other. */
  const save = async () => {
    if (saving || !changes) return;
    if (!changes.isDirty()) return say("No hay cambios que guardar.");
    setSaving(true);
    setOutcome(null);
    const { saved, refused } = await changes.saveAll();
    setSaving(false);
    // A refused part said why on its fields (or in the status line, which a sentence here would hide).
    if (!refused) say(saved.join(" "));
    else if (saved.length > 0) say(`${saved.join(" ")} Revisa lo marcado: eso no se guardó.`, "problem");
  };

  // "Ver": the person reads first; the focus starts on the name rather than in a field.
  useEffect(() => {
    if (intent !== "view") return;
    const frame = requestAnimationFrame(() => title.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [intent]);

  return (
    <div className="flex max-h-[90svh] flex-col">
      <div className="border-stone-200 border-b px-5 pt-5 pb-4 md:px-6">
        <h2
          id="contacto-titulo"
          ref={title}
          tabIndex={-1}
          className="break-words font-bold text-leaf-900 text-xl focus:outline-none md:text-2xl"
        >
          {name}
        </h2>
        <p className="break-words text-sm text-stone-600">
          {contact.company ? `${contact.company} · ` : ""}
          <EmailAddress email={contact.email} />
        </p>
        <div className="mt-3">
          <ContactReach contact={contact} pipeline={detail?.pipeline ?? null} tasks={followUp?.tasks ?? null} />
        </div>
      </div>

      <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-5 py-5 md:px-6">
        {detail && (
          <section aria-labelledby="contacto-seguimiento" className="grid gap-3">
            <h3 id="contacto-seguimiento" className="font-bold text-leaf-900 text-lg">
              Seguimiento
            </h3>
            <FollowUpForms contactId={id} pipeline={detail.pipeline} staff={staff} onOutcome={say} />
          </section>
        )}

        <section aria-labelledby="contacto-datos" className="grid gap-3">
          <h3 id="contacto-datos" className="font-bold text-leaf-900 text-lg">
            Datos del contacto
          </h3>
          <ContactDetailsForm
            key={formVersion}
            id="contacto-formulario"
            contact={contact}
            focusFirstField={intent === "edit"}
            onSubmit={save}
            onProblem={(text) => setOutcome({ tone: "problem", text })}
          />
        </section>

        {detail && <ContactCompany contactId={id} typed={contact.company} onOutcome={say} />}

        {detail && <ContactOpportunities contactId={id} onOutcome={say} />}

        <ContactMessages
          messages={detail?.messages ?? null}
          loadProblem={loadProblem}
          contactEmail={contact.email}
          contact={contact}
          emails={followUp?.emails ?? null}
          serviceTypes={serviceTypes}
          onOutcome={say}
          onRemove={(message) => setConfirming({ kind: "delete", message })}
          onDiscard={(message) => setConfirming({ kind: "discard", message })}
          onDetailsUsed={() => setFormVersion((version) => version + 1)}
          onAddNote={async (body) => {
            await action.run({ intent: "add-note", contactId: id, body });
            say("Mensaje añadido.");
          }}
        />

        {detail && <ContactTasks contactId={id} tasks={followUp?.tasks ?? null} staff={staff} onOutcome={say} />}

        {detail && <ContactTimeline contactId={id} events={followUp?.timeline ?? null} />}

        <DataRights
          name={name}
          onExport={async () => {
            try {
              saveFile(await exportContactData(id));
              setOutcome({ tone: "success", text: `Se descargaron los datos de ${name}.` });
            } catch (error) {
              setOutcome({ tone: "problem", text: errorMessage(error) });
            }
          }}
          onAnonymise={() => setConfirming({ kind: "anonymise" })}
        />
      </div>

      {/* On a phone the status line takes room only when it says something: the buttons sit right under the border. */}
      <div className="flex flex-col border-stone-200 border-t px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-3 md:px-6">
        <p
          role="status"
          className={`text-sm not-empty:mb-3 sm:min-h-5 sm:not-empty:mb-0 ${outcome?.tone === "problem" ? "font-medium text-red-700" : "text-leaf-800"}`}
        >
          {outcome?.text}
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={() => changes?.requestClose()}
            className={`${buttonStyles.secondary} min-h-11`}
          >
            Cerrar
          </button>
          <button
            type="submit"
            form="contacto-formulario"
            disabled={saving}
            className={`${buttonStyles.primary} min-h-11`}
          >
            {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            Guardar
          </button>
        </div>
      </div>

      <BlockedLeaveConfirm question={leaveQuestion} />

      <ConfirmDialog
        open={confirming?.kind === "delete" || confirming?.kind === "discard"}
        title={
          confirming?.kind === "discard"
            ? "¿Descartar este mensaje?"
            : "¿Está seguro de que desea eliminar este mensaje?"
        }
        confirmLabel={confirming?.kind === "discard" ? "Descartar" : "Eliminar"}
        describeError={errorMessage}
        // The message the focus came from is gone: the keyboard continues from the list's title.
        focusAfterConfirm={() => document.getElementById("contacto-mensajes")}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (confirming?.kind !== "delete" && confirming?.kind !== "discard") return;
          await action.run({ intent: "delete-message", messageId: confirming.message.id });
          say(confirming.kind === "discard" ? "Mensaje descartado." : "Mensaje eliminado.");
        }}
      >
        {confirming?.kind === "discard" && <p>Se eliminará y no llegará a la lista principal.</p>}
      </ConfirmDialog>

      <ConfirmDialog
        open={confirming?.kind === "anonymise"}
        title={`¿Anonimizar a ${name}?`}
        confirmLabel="Anonimizar"
        describeError={errorMessage}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          await action.run({ intent: "anonymise-contact", contactId: id });
          setFormVersion((version) => version + 1);
          say("Los datos personales del contacto se anonimizaron.");
        }}
      >
        <p>
          Su nombre, correo, teléfono y empresa se reemplazan por datos anónimos y los mensajes se conservan solo para
          las estadísticas. No se puede deshacer.
        </p>
      </ConfirmDialog>
    </div>
  );
}
