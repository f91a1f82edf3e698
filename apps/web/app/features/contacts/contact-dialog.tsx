import type { Client, ClientDetail, ClientMessage } from "@app/shared";
import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog } from "~/components/ui/dialog";
import { errorMessage } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import { ContactDetailsForm } from "./contact-details-form";
import { fullName } from "./contact-format";
import { ContactMessages } from "./contact-messages";
import {
  acceptMessage,
  addMessage,
  anonymiseClient,
  changeStatus,
  deleteMessage,
  exportClientData,
  getClient,
  replyToMessage,
  updateMessage,
} from "./contacts-api";
import { DataRights } from "./data-rights";
import type { MessageActions } from "./message-item";

/** Who the dialog shows, and why it opened: "Ver" reads first, "Editar" starts in the form. */
export type ContactTarget = { client: Client; intent: "view" | "edit" };

export type ContactDialogProps = {
  target: ContactTarget | null;
  onClose: () => void;
  /** Something about the contact changed: the list behind reloads. */
  onChanged: () => void;
};

/**
 * The contact-detail modal of spec section 2: the contact's data (editable), their messages with
 * status, reply, edit and delete, a note to add, and the LOPDP rights. About 3xl wide; Escape, the
 * backdrop and "Cerrar" close it; focus goes back to the button that opened it.
 */
export function ContactDialog({ target, onClose, onChanged }: ContactDialogProps) {
  return (
    <Dialog open={target !== null} onClose={onClose} labelledBy="contacto-titulo" className="max-w-3xl">
      {target && (
        <ContactDialogContent key={target.client.id} target={target} onClose={onClose} onChanged={onChanged} />
      )}
    </Dialog>
  );
}

type Outcome = { tone: "success" | "problem"; text: string } | null;
type Confirming = { kind: "delete" | "discard"; message: ClientMessage } | { kind: "anonymise" } | null;

function ContactDialogContent({ target, onClose, onChanged }: ContactDialogProps & { target: ContactTarget }) {
  const { id } = target.client;
  const [detail, setDetail] = useState<ClientDetail | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The form starts again from the stored data after an anonymisation.
  const [formVersion, setFormVersion] = useState(0);
  const title = useRef<HTMLHeadingElement>(null);
  const client = detail?.client ?? target.client;
  const name = fullName(client);

  const load = useCallback(async () => {
    try {
      setDetail(await getClient(id));
      setLoadProblem(null);
    } catch (error) {
      setLoadProblem(errorMessage(error));
    }
  }, [id]);

  useEffect(() => {
    load();
  }, [load]);

  // "Ver": the person reads first; the focus starts on the name rather than in a field.
  useEffect(() => {
    if (target.intent !== "view") return;
    const frame = requestAnimationFrame(() => title.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [target.intent]);

  /** After a change: the dialog and the list behind show what is stored now. */
  const changed = async (text: string) => {
    await load();
    onChanged();
    setOutcome({ tone: "success", text });
  };

  const actions: MessageActions = {
    reply: async (message, reply) => {
      await replyToMessage(message.id, reply);
      await changed(`Respuesta guardada. El correo a ${client.email} quedó en cola de envío.`);
    },
    reject: async (message, reason) => {
      await changeStatus(message.id, { status: "rechazado", reason });
      await changed("El mensaje quedó como Rechazado.");
    },
    reopen: async (message) => {
      await changeStatus(message.id, { status: "pendiente" });
      await changed("El mensaje volvió a Pendiente.");
    },
    edit: async (message, text) => {
      await updateMessage(message.id, { message: text });
      await changed("Mensaje actualizado.");
    },
    remove: (message) => setConfirming({ kind: "delete", message }),
    accept: async (message) => {
      await acceptMessage(message.id);
      await changed("Mensaje aceptado: ya aparece en la lista principal.");
    },
    discard: (message) => setConfirming({ kind: "discard", message }),
  };

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
        <p className="break-all text-sm text-stone-600">
          {client.company ? `${client.company} · ` : ""}
          {client.email}
        </p>
      </div>

      <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-5 py-5 md:px-6">
        <section aria-labelledby="contacto-datos" className="grid gap-3">
          <h3 id="contacto-datos" className="font-bold text-leaf-900 text-lg">
            Datos del contacto
          </h3>
          <ContactDetailsForm
            key={formVersion}
            id="contacto-formulario"
            client={client}
            focusFirstField={target.intent === "edit"}
            onSavingChange={setSaving}
            onSaved={(saved) => {
              setDetail(saved);
              onChanged();
              setOutcome({ tone: "success", text: "Datos del contacto guardados." });
            }}
            onProblem={(text) => setOutcome({ tone: "problem", text })}
          />
        </section>

        <ContactMessages
          messages={detail?.messages ?? null}
          loadProblem={loadProblem}
          actions={actions}
          onAddNote={async (body) => {
            await addMessage(id, body);
            await changed("Mensaje añadido.");
          }}
        />

        <DataRights
          name={name}
          onExport={async () => {
            try {
              saveFile(await exportClientData(id));
              setOutcome({ tone: "success", text: `Se descargaron los datos de ${name}.` });
            } catch (error) {
              setOutcome({ tone: "problem", text: errorMessage(error) });
            }
          }}
          onAnonymise={() => setConfirming({ kind: "anonymise" })}
        />
      </div>

      <div className="flex flex-col gap-3 border-stone-200 border-t px-5 py-4 sm:flex-row sm:items-center sm:justify-between md:px-6">
        <p
          role="status"
          className={`min-h-5 text-sm ${outcome?.tone === "problem" ? "font-medium text-red-700" : "text-leaf-800"}`}
        >
          {outcome?.text}
        </p>
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
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
          await deleteMessage(confirming.message.id);
          await changed(confirming.kind === "discard" ? "Mensaje descartado." : "Mensaje eliminado.");
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
          setDetail(await anonymiseClient(id));
          setFormVersion((version) => version + 1);
          onChanged();
          setOutcome({ tone: "success", text: "Los datos personales del contacto se anonimizaron." });
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
