import type { ContactMessage, ContactMessageGroup } from "@app/shared";
import { CRM_MESSAGES, type MessageView, STAGE_LABELS } from "@app/shared/constants";
import type { Ref } from "react";
import { EmailAddress } from "~/components/ui/email-address";
import { tableRole as role } from "~/components/ui/scroll-table";
import { fullName, phoneOf } from "./contact-format";
import { ServicePills } from "./service-pills";
import { ReviewBadge, StatusBadge, WaitingBadge } from "./status-badge";

export type ContactsTableProps = {
  /** The scrollable region: the focus lands here when the row it was on goes away. */
  regionRef?: Ref<HTMLElement>;
  groups: ContactMessageGroup[];
  view: MessageView;
  /** A new page or search is on its way: the rows shown are the previous ones. */
  loading: boolean;
  onView: (group: ContactMessageGroup) => void;
  onEdit: (group: ContactMessageGroup) => void;
  onDelete: (group: ContactMessageGroup) => void;
  /** In the review view: the row's message joins the main list, or goes away. */
  onAccept: (group: ContactMessageGroup, message: ContactMessage) => void;
  onDiscard: (group: ContactMessageGroup, message: ContactMessage) => void;
  /** The rows picked for a bulk action (main list only). */
  selection?: RowSelection | undefined;
};

export type RowSelection = {
  ids: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Picks every row of the page, or none when all are picked. */
  togglePage: () => void;
};

const COLUMNS = ["Nombre", "Correo", "Número", "Servicio Requerido", "Mensaje", "Seguimiento", "Acciones"] as const;

const cell = "align-top md:px-3 md:py-3";

const action =
  "inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-xl px-2.5 font-semibold text-sm ring-1 transition-colors disabled:opacity-50";
const actionStyles = {
  plain: `${action} text-leaf-800 ring-leaf-200 hover:bg-leaf-50`,
  danger: `${action} text-red-800 ring-red-200 hover:bg-red-50`,
} as const;

/**
 * The contacts table of spec section 2: a row is a contact with their newest message. From tablet
 * width up it is the spec's table; on a phone each row is laid out as a card (name, stage and owner,
 * the message, how to reach them, the actions) that reads top to bottom with nothing to swipe. The
 * explicit roles keep it a table for screen readers whatever the layout (a browser may drop a
 * table's semantics once its rows are no longer displayed as rows).
 */
export function ContactsTable({
  regionRef,
  groups,
  view,
  loading,
  onView,
  onEdit,
  onDelete,
  onAccept,
  onDiscard,
  selection,
}: ContactsTableProps) {
  const allPicked = groups.length > 0 && groups.every((group) => selection?.ids.has(group.client.id));
  return (
    <section
      ref={regionRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby="contactos-tabla"
      aria-busy={loading}
      className={`relative rounded-2xl bg-white ring-1 ring-stone-200 transition-opacity md:overflow-x-auto ${loading ? "opacity-60" : ""}`}
    >
      <table {...role("table")} className="w-full text-left text-sm max-md:block md:min-w-[58rem]">
        <caption id="contactos-tabla" className="sr-only">
          {view === "review" ? "Contactos con mensajes por revisar" : "Contactos y su mensaje más reciente"}
        </caption>
        <thead {...role("rowgroup")} className="bg-leaf-50 text-leaf-900 max-md:block max-md:rounded-t-2xl">
          <tr {...role("row")} className="max-md:block max-md:px-4 max-md:py-3">
            {COLUMNS.map((title, index) => (
              <th
                key={title}
                {...role("columnheader")}
                scope="col"
                // On a phone only the first header shows (its checkbox picks the page); the cards say the rest.
                className={`${cell} font-semibold ${index === 0 ? "bg-leaf-50 max-md:block md:sticky md:left-0 md:z-10" : "max-md:sr-only"}`}
              >
                {/* The page's checkbox sits with the names, so the name column stays the first and in view. */}
                {index === 0 && selection ? (
                  <span className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={allPicked}
                      disabled={groups.length === 0}
                      onChange={selection.togglePage}
                      aria-label="Seleccionar todos los contactos de esta página"
                      className="size-5 shrink-0 accent-leaf-700"
                    />
                    {title}
                  </span>
                ) : (
                  title
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...role("rowgroup")} className="divide-y divide-stone-200 max-md:block">
          {groups.length === 0 ? (
            <tr {...role("row")} className="max-md:block">
              <td
                {...role("cell")}
                colSpan={COLUMNS.length}
                className="block px-3 py-10 text-center text-stone-600 md:table-cell"
              >
                {CRM_MESSAGES.emptyList}
              </td>
            </tr>
          ) : (
            groups.map((group) => (
              <ContactRow
                key={group.client.id}
                group={group}
                view={view}
                onView={onView}
                onEdit={onEdit}
                onDelete={onDelete}
                onAccept={onAccept}
                onDiscard={onDiscard}
                selection={selection}
              />
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

type ContactRowProps = Omit<ContactsTableProps, "groups" | "loading" | "regionRef"> & { group: ContactMessageGroup };

function ContactRow({ group, view, onView, onEdit, onDelete, onAccept, onDiscard, selection }: ContactRowProps) {
  const { client: contact, messages, pipeline } = group;
  const name = fullName(contact);
  // In the review view the row is about the message waiting for a decision.
  const newest = (view === "review" ? messages.find((message) => message.inReview) : undefined) ?? messages[0];
  return (
    <tr
      {...role("row")}
      className="hover:bg-stone-50 max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:p-4"
    >
      {/* The name stays in view while the row scrolls sideways beside the menu. */}
      <th
        {...role("rowheader")}
        scope="row"
        className={`${cell} bg-white font-semibold text-leaf-900 max-md:col-span-2 max-md:text-base md:sticky md:left-0 md:z-10 md:max-w-44 md:shadow-[1px_0_0_#e7e5e4]`}
      >
        <span className="flex items-start gap-2">
          {selection && (
            <input
              type="checkbox"
              checked={selection.ids.has(contact.id)}
              onChange={() => selection.toggle(contact.id)}
              aria-label={`Seleccionar ${name}`}
              className="mt-0.5 size-5 shrink-0 accent-leaf-700"
            />
          )}
          <span className="min-w-0">
            <span className="block break-words">{name}</span>
            {contact.company && <span className="block font-normal text-stone-600 text-xs">{contact.company}</span>}
          </span>
        </span>
      </th>
      <td {...role("cell")} className={`${cell} min-w-0 max-md:col-span-2 md:min-w-36`}>
        <EmailAddress email={contact.email} />
      </td>
      <td {...role("cell")} className={`${cell} md:min-w-28`}>
        {phoneOf(contact)}
      </td>
      <td {...role("cell")} className={cell}>
        {newest ? <ServicePills services={newest.services} max={2} /> : "—"}
      </td>
      <td {...role("cell")} className={`${cell} max-md:col-span-2 md:max-w-80`}>
        {newest ? (
          <div className="grid gap-1.5">
            <p className="line-clamp-2 break-words text-stone-800">{newest.messageDescription || "(sin texto)"}</p>
            <div className="flex flex-wrap items-center gap-1.5">
              {newest.inReview ? <ReviewBadge /> : <StatusBadge status={newest.status} />}
              {pipeline.waitingSince && <WaitingBadge since={pipeline.waitingSince} />}
              {messages.length > 1 && <span className="text-stone-600 text-xs">{messages.length} mensajes</span>}
            </div>
          </div>
        ) : (
          <span className="text-stone-600">—</span>
        )}
      </td>
      <td {...role("cell")} className={`${cell} max-md:col-span-2 md:min-w-36`}>
        <span className="block font-semibold text-leaf-900">{STAGE_LABELS[pipeline.stage]}</span>
        <span className="block text-stone-600 text-xs">{pipeline.owner?.displayName ?? "Sin responsable"}</span>
      </td>
      <td {...role("cell")} className={`${cell} max-md:col-span-2`}>
        {/* In one line on a phone's card and on a wide screen; stacked beside the menu on a laptop, where
            one line of three made the table wider than its card; the review view's five wrap. */}
        <div
          className={`flex gap-1.5 ${newest?.inReview ? "flex-wrap md:max-w-72" : "max-md:flex-wrap md:flex-col md:items-stretch 2xl:flex-row"}`}
        >
          <button type="button" onClick={() => onView(group)} className={actionStyles.plain}>
            Ver<span className="sr-only"> {name}</span>
          </button>
          <button type="button" onClick={() => onEdit(group)} className={actionStyles.plain}>
            Editar<span className="sr-only"> {name}</span>
          </button>
          <button type="button" onClick={() => onDelete(group)} className={actionStyles.danger}>
            Eliminar<span className="sr-only"> {name}</span>
          </button>
          {newest?.inReview && (
            <>
              <button type="button" onClick={() => onAccept(group, newest)} className={actionStyles.plain}>
                Aceptar<span className="sr-only"> mensaje de {name}</span>
              </button>
              <button type="button" onClick={() => onDiscard(group, newest)} className={actionStyles.danger}>
                Descartar<span className="sr-only"> mensaje de {name}</span>
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
