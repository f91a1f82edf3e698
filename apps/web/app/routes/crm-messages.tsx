import { DEFAULT_WAITING_DAYS } from "@app/shared/constants";
import { useEffect, useRef } from "react";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { type ContactsIntent, runContactsIntent } from "~/features/contacts/contacts-actions";
import { getContact, loadContactCounts, loadContacts, loadServiceTypes } from "~/features/contacts/contacts-api";
import {
  type ContactsQuery,
  formatContactsQuery,
  parseContactId,
  parseContactsQuery,
} from "~/features/contacts/contacts-query";
import { ContactsScreen } from "~/features/contacts/contacts-screen";
import { loadContactEmails } from "~/features/contacts/email-api";
import { loadContactTasks, loadStaff, loadTimeline } from "~/features/contacts/follow-up-api";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { loadReplyTemplates } from "~/features/reply-templates/reply-templates-api";
import { TemplatePicker } from "~/features/reply-templates/template-picker";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { type ReplyTemplateSlotProps, ReplyTemplateSlotProvider } from "~/lib/reply-template-slot";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-messages";

export const meta = () => crmMeta("Contactos");

const isSessionProblem = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || isAccountGate(error));

/** A call the screen can do without: its failure is said in place; a session that ended is not. */
async function orProblem<T>(work: Promise<T>): Promise<{ value: T; problem: null } | { value: null; problem: string }> {
  try {
    return { value: await work, problem: null };
  } catch (error) {
    if (!(error instanceof ApiError) || isSessionProblem(error)) throw error;
    return { value: null, problem: errorMessage(error) };
  }
}

// The list follows the address (`?busqueda&campo&pagina&vista` and the filters), so a reload, the back button and a
// shared link show the same place; `contacto=ID` adds the open contact's detail. A list that cannot
// load says so above the (empty) table and keeps the search box usable; a session that ended goes
// to sign in (loadForStaff). React Router runs this again after every write (clientAction below).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const params = new URL(request.url).searchParams;
    const query = parseContactsQuery(params);
    const contactId = parseContactId(params);
    const [list, counts, contact, followUp, serviceTypes, staff, replyTemplates] = await Promise.all([
      orProblem(loadContacts(query, request.signal)),
      query.view === "main"
        ? loadContactCounts(query.waitingDays ?? DEFAULT_WAITING_DAYS, request.signal).catch(() => null)
        : null,
      contactId === null ? null : orProblem(getContact(contactId)),
      contactId === null
        ? null
        : orProblem(
            Promise.all([
              loadTimeline(contactId, request.signal),
              loadContactTasks(contactId, request.signal),
              loadContactEmails(contactId, request.signal).catch(() => null),
            ]),
          ),
      loadServiceTypes().catch(() => null),
      loadStaff().catch(() => null),
      // For the reply editor's `Plantilla`: without them the reply is written by hand.
      contactId === null ? null : loadReplyTemplates(request.signal).catch(() => null),
    ]);
    return {
      query,
      result: list.value,
      problem: list.problem,
      counts,
      contact: contact && {
        id: contactId ?? 0,
        detail: contact.value,
        problem: contact.problem,
        followUp: followUp?.value
          ? { timeline: followUp.value[0], tasks: followUp.value[1], emails: followUp.value[2] }
          : null,
      },
      serviceTypes,
      staff,
      replyTemplates,
    };
  });
}

/** Every write of the screen (contacts-actions.ts); its error is answered for the screen to explain. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = (await request.json()) as ContactsIntent;
  return settle(runContactsIntent(action));
}

export default function CrmMessages({ loaderData }: Route.ComponentProps) {
  const { query, result, problem, counts, contact, serviceTypes, staff } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // Only a new place of the list dims it; opening or closing a contact does not.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    formatContactsQuery(parseContactsQuery(navigation.location.search)) !== formatContactsQuery(query);

  // A filter changed while the previous change still loads builds on that one, not on the list shown.
  const pendingQuery =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? parseContactsQuery(navigation.location.search)
      : query;

  // What the person last asked for: the list's place and the open contact. The address follows only
  // once the loaders are done, so a search typed just before a click on `Ver` (or a click while a
  // search loads) must build on the other's request, not on the address, or one of them is lost.
  const asked = useRef({ query, contactId: contact?.id ?? null });
  useEffect(() => {
    // The address settled (this screen's own request, the back button, a link): that is what is asked.
    asked.current = { query: parseContactsQuery(location.search), contactId: parseContactId(location.search) };
  }, [location.search]);
  const ask = (next: ContactsQuery, contactId: number | null, replace: boolean) => {
    asked.current = { query: next, contactId };
    navigate(paths.crmMessagesAt(formatContactsQuery(next, contactId)), {
      replace,
      preventScrollReset: next.page === query.page,
    });
  };
  const go = (next: ContactsQuery, replace = false) => ask(next, asked.current.contactId, replace);

  // A page past the end (a shared link, the last row deleted) shows the last page instead.
  useEffect(() => {
    if (result && result.totalPages > 0 && query.page >= result.totalPages) {
      const last = { ...query, page: result.totalPages - 1 };
      navigate(paths.crmMessagesAt(formatContactsQuery(last, contact?.id)), { replace: true });
    }
  }, [result, query, contact?.id, navigate]);

  return (
    <ReplyTemplateSlotProvider value={ReplyTemplatePicker}>
      <ContactsScreen
        query={query}
        pendingQuery={pendingQuery}
        result={result}
        counts={counts}
        loadProblem={problem}
        loading={loading}
        contact={contact}
        serviceTypes={serviceTypes}
        staff={staff}
        onQueryChange={(next) => go(next, isRefinement(query, next))}
        // The dialog is part of the address (a reload keeps it open) but not a step of the history.
        onContactChange={(id) => ask(asked.current.query, id, true)}
      />
    </ReplyTemplateSlotProvider>
  );
}

/**
 * The reply editor's `Plantilla` (lib/reply-template-slot.tsx): this route's templates, filled in
 * with the signed-in person's name. A component of the module, so it keeps its identity (and its
 * choice) while the route's data reload.
 */
function ReplyTemplatePicker(props: ReplyTemplateSlotProps) {
  const { replyTemplates } = useLoaderData<typeof clientLoader>();
  const { user } = useSession();
  return <TemplatePicker {...props} templates={replyTemplates ?? []} staffName={user?.displayName ?? ""} />;
}

/**
 * Changing the words of a search replaces its history entry (back goes to before the search, not
 * through every pause in the typing); a new search, another field, a page or a view adds one.
 */
const isRefinement = (current: ContactsQuery, next: ContactsQuery) =>
  current.keyword !== "" &&
  next.keyword !== "" &&
  next.keyword !== current.keyword &&
  next.field === current.field &&
  next.view === current.view &&
  next.owner === current.owner &&
  next.stage === current.stage &&
  next.waitingDays === current.waitingDays;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Contactos" subtitle="Gestión de contactos y mensajes" />
      <CrmRouteError error={error} />
    </>
  );
}
