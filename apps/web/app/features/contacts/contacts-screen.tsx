import type {
  BulkResult,
  ContactCounts,
  ContactDetail,
  ContactMessage,
  ContactMessageGroup,
  ContactMessagePage,
  ServiceType,
  StaffMember,
} from "@app/shared";
import { CRM_LIMITS, DEFAULT_PAGE_SIZE, type MessageView } from "@app/shared/constants";
import { FileDown, UserPlus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { Pagination } from "~/components/ui/pagination";
import { UndoToast } from "~/components/ui/undo-toast";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { BulkActions } from "./bulk-actions";
import { ContactDialog, type ContactIntent } from "./contact-dialog";
import { deleteQuestion, fullName } from "./contact-format";
import { useContactsAction } from "./contacts-actions";
import { ContactsFilters } from "./contacts-filters";
import { type ContactsQuery, formatContactsQuery } from "./contacts-query";
import { ContactsSearch } from "./contacts-search";
import { ContactsTable } from "./contacts-table";
import { ExportDialog } from "./export-dialog";
import type { FollowUp } from "./follow-up";
import { NewContactDialog } from "./new-contact-dialog";
import { useRowSelection } from "./use-row-selection";

export type ContactsScreenProps = {
  query: ContactsQuery;
  /** The place being loaded, if another is: the filters change from there. */
  pendingQuery?: ContactsQuery;
  /** The page the address asks for; null when the list could not be loaded. */
  result: ContactMessagePage | null;
  /** How many contacts each filter holds (main list); null when unknown. */
  counts: ContactCounts | null;
  loadProblem: string | null;
  /** A new page or search is loading. */
  loading: boolean;
  /** The contact the address opens (`contacto=ID`), as the route loaded them. */
  contact: { id: number; detail: ContactDetail | null; problem: string | null; followUp: FollowUp | null } | null;
  /** For the messages' services; null when they could not be loaded. */
  serviceTypes: ServiceType[] | null;
  /** Who can be `Responsable`; null when it could not be loaded. */
  staff: StaffMember[] | null;
  /** Moves to another place of the list (the address changes). */
  onQueryChange: (query: ContactsQuery) => void;
  /** Opens a contact's dialog, or closes it (null): the address changes and the route loads them. */
  onContactChange: (id: number | null) => void;
};

type Outcome = { tone: "success" | "problem"; text: string } | null;
type Confirming =
  | { kind: "contact"; group: ContactMessageGroup }
  | { kind: "discard"; group: ContactMessageGroup; message: ContactMessage }
  | null;

const VIEWS: { view: MessageView; label: string }[] = [
  { view: "main", label: "Lista principal" },
  { view: "review", label: "Por revisar" },
];

/** The contacts and messages screen of spec section 2 (issue 5), over the list the route loaded. */
export function ContactsScreen({
  query,
  pendingQuery = query,
  result,
  counts,
  loadProblem,
  loading,
  contact,
  serviceTypes,
  staff,
  onQueryChange,
  onContactChange,
}: ContactsScreenProps) {
  // "Ver" reads first, "Editar" starts in the form; a reload of an open contact reads.
  const [intent, setIntent] = useState<ContactIntent>("view");
  // A closed dialog goes away at once, not when the address without it has loaded.
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Once the address has closed it, the same contact may be opened again (a link, the back button).
  if (!contact && dismissed !== null) setDismissed(null);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [exporting, setExporting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The last bulk change, which `Deshacer` can take back for a few seconds.
  const [undo, setUndo] = useState<{ text: string; undoId: string } | null>(null);
  const endUndo = useCallback(() => setUndo(null), []);
  const listRegion = useRef<HTMLElement>(null);
  const selection = useRowSelection(query, result);
  /** The row the focus was on is going away: the keyboard continues from the list. */
  const focusList = () => requestAnimationFrame(() => listRegion.current?.focus());

  const say = (tone: "success" | "problem", text: string) => setOutcome({ tone, text });
  const action = useContactsAction();
  const open = (group: ContactMessageGroup, next: ContactIntent) => {
    setIntent(next);
    setDismissed(null);
    onContactChange(group.client.id);
  };
  // The dialog shows the stored contact; until it is loaded (or if it could not be), the list's row.
  const shown = contact && contact.id !== dismissed ? contact : null;
  const shownContact =
    shown && (shown.detail?.client ?? result?.content.find((group) => group.client.id === shown.id)?.client);

  const accept = async (group: ContactMessageGroup, message: ContactMessage) => {
    setOutcome(null);
    try {
      await action.run({ intent: "accept-message", messageId: message.id });
      focusList();
      say("success", `Se aceptó el mensaje de ${fullName(group.client)}: ya está en la lista principal.`);
    } catch (error) {
      say("problem", errorMessage(error));
    }
  };

  const name = confirming ? fullName(confirming.group.client) : "";
  const messageCount = confirming?.group.messages.length ?? 0;

  return (
    <>
      <CrmPageHeader
        title="Contactos"
        subtitle="Gestión de contactos y mensajes"
        actions={
          <>
            {/* On a phone it floats at the bottom, under the thumb, wherever the list has been scrolled to. */}
            <button
              type="button"
              onClick={() => setCreating(true)}
              className={`${buttonStyles.primary} min-h-11 max-md:fixed max-md:right-4 max-md:bottom-4 max-md:z-20 max-md:min-h-12 max-md:shadow-lg`}
            >
              <UserPlus className="size-4" aria-hidden="true" />
              Nuevo Contacto
            </button>
            <button type="button" onClick={() => setExporting(true)} className={`${buttonStyles.secondary} min-h-11`}>
              <FileDown className="size-4" aria-hidden="true" />
              Exportar CSV
            </button>
          </>
        }
      />

      {/* Room below the last card for the floating Nuevo Contacto on a phone. */}
      <div className="grid gap-4 max-md:pb-20">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <ContactsSearch
            query={query}
            onSearch={(keyword, field) => onQueryChange({ ...query, keyword, field, page: 0 })}
          />
          <nav aria-label="Vista de la lista" className="flex gap-1 rounded-2xl bg-white p-1 ring-1 ring-stone-200">
            {VIEWS.map(({ view, label }) => (
              <Link
                key={view}
                to={paths.crmMessagesAt(
                  formatContactsQuery({ ...query, view, page: 0, owner: null, stage: null, waitingDays: null }),
                )}
                aria-current={query.view === view ? "page" : undefined}
                className={`inline-flex min-h-11 flex-1 items-center justify-center whitespace-nowrap rounded-xl px-4 font-semibold text-sm transition-colors ${
                  query.view === view ? "bg-leaf-700 text-white" : "text-leaf-900 hover:bg-leaf-50"
                }`}
              >
                {label}
              </Link>
            ))}
          </nav>
        </div>

        {query.view === "main" && (
          <ContactsFilters query={pendingQuery} counts={counts} staff={staff} onChange={onQueryChange} />
        )}

        {query.view === "review" && (
          <p className="text-sm text-stone-700">
            Mensajes que el formulario guardó aparte por parecer automáticos. Acéptalos para que pasen a la lista
            principal o descártalos.
          </p>
        )}

        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
        {shown && !shownContact && (
          <Notice tone="problem">
            <p>No se pudo abrir el contacto: {shown.problem}</p>
          </Notice>
        )}
        {loadProblem && (
          <Notice tone="problem">
            <p>No se pudo cargar la lista: {loadProblem}</p>
          </Notice>
        )}
        <p role="status" className="sr-only">
          {loading ? "Cargando contactos…" : ""}
        </p>

        {query.view === "main" && selection.target && (
          <BulkActions
            target={selection.target}
            query={query}
            staff={staff}
            canPickAll={selection.canPickAll}
            onPickAll={selection.pickAll}
            onClear={selection.clear}
            onChanged={({ text, undo: offered }) => {
              selection.clear();
              focusList();
              say("success", text);
              setUndo(offered);
            }}
          />
        )}

        <ContactsTable
          regionRef={listRegion}
          selection={query.view === "main" ? selection.rows : undefined}
          groups={result?.content ?? []}
          view={query.view}
          loading={loading}
          onView={(group) => open(group, "view")}
          onEdit={(group) => open(group, "edit")}
          onDelete={(group) => setConfirming({ kind: "contact", group })}
          onAccept={accept}
          onDiscard={(group, message) => setConfirming({ kind: "discard", group, message })}
        />

        {result && (
          <Pagination
            label="Páginas de contactos"
            page={result.pageNumber}
            pageSize={DEFAULT_PAGE_SIZE}
            totalElements={result.totalElements}
            totalPages={result.totalPages}
            totalIsExact={result.totalIsExact}
            isLastPage={result.isLastPage}
            onPageChange={(page) => onQueryChange({ ...query, page })}
          />
        )}
      </div>

      {undo && (
        <UndoToast
          key={undo.undoId}
          text={undo.text}
          onEnd={endUndo}
          onUndo={async () => {
            try {
              const result = await action.run<BulkResult>({ intent: "bulk-undo", undoId: undo.undoId });
              say(
                "success",
                result.changed === 0
                  ? "No se deshizo nada: esos contactos ya cambiaron después."
                  : `Se deshizo el cambio en ${result.changed === 1 ? "1 contacto" : `${result.changed} contactos`}.`,
              );
            } catch (error) {
              say("problem", `No se pudo deshacer: ${errorMessage(error)}`);
            }
          }}
        />
      )}

      <ContactDialog
        contact={shownContact || null}
        detail={shown?.detail ?? null}
        loadProblem={shown?.problem ?? null}
        followUp={shown?.followUp ?? null}
        staff={staff}
        intent={intent}
        serviceTypes={serviceTypes}
        onClose={() => {
          setDismissed(contact?.id ?? null);
          onContactChange(null);
        }}
      />

      <ExportDialog open={exporting} onClose={() => setExporting(false)} title="Exportar CSV" query={query} />

      <NewContactDialog
        open={creating}
        serviceTypes={serviceTypes}
        onClose={() => setCreating(false)}
        onCreated={(detail) => {
          setCreating(false);
          say("success", `Se creó el contacto ${fullName(detail.client)}.`);
        }}
      />

      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === "discard"
            ? `¿Descartar el mensaje de ${name}?`
            : deleteQuestion(name, messageCount, messageCount >= CRM_LIMITS.messagesPerGroup)
        }
        confirmLabel={confirming?.kind === "discard" ? "Descartar" : "Eliminar"}
        describeError={errorMessage}
        onClose={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          if (confirming.kind === "discard") {
            await action.run({ intent: "delete-message", messageId: confirming.message.id });
            say("success", `Se descartó el mensaje de ${name}.`);
          } else {
            await action.run({ intent: "delete-contact", contactId: confirming.group.client.id });
            say("success", `Se eliminó a ${name} y sus mensajes.`);
          }
        }}
        focusAfterConfirm={() => listRegion.current}
      >
        <p>
          {confirming?.kind === "discard"
            ? "El mensaje se eliminará y no llegará a la lista principal."
            : "Se borrarán sus datos y todos sus mensajes. No se puede deshacer."}
        </p>
      </ConfirmDialog>
    </>
  );
}
