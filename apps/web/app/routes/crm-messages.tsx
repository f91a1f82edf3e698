import { useEffect } from "react";
import { useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { loadContacts } from "~/features/contacts/contacts-api";
import { type ContactsQuery, formatContactsQuery, parseContactsQuery } from "~/features/contacts/contacts-query";
import { ContactsScreen } from "~/features/contacts/contacts-screen";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { ApiError, PASSWORD_CHANGE_REQUIRED } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-messages";

export const meta = () => crmMeta("Contactos");

// The list follows the address (`?busqueda&campo&pagina&vista`), so a reload, the back button and a
// shared link show the same place. A list that cannot load says so above the (empty) table and
// keeps the search box usable; a session that ended goes to sign in (loadForStaff).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const query = parseContactsQuery(new URL(request.url).searchParams);
    try {
      return { query, result: await loadContacts(query, request.signal), problem: null };
    } catch (error) {
      const sessionProblem =
        error instanceof ApiError && (error.status === 401 || error.code === PASSWORD_CHANGE_REQUIRED);
      if (!(error instanceof ApiError) || sessionProblem) throw error;
      return { query, result: null, problem: errorMessage(error) };
    }
  });
}

export default function CrmMessages({ loaderData }: Route.ComponentProps) {
  const { query, result, problem } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === location.pathname);

  const go = (next: ContactsQuery, replace = false) =>
    navigate(paths.crmMessagesAt(formatContactsQuery(next)), { replace, preventScrollReset: next.page === query.page });

  // A page past the end (a shared link, the last row deleted) shows the last page instead.
  useEffect(() => {
    if (result && result.totalPages > 0 && query.page >= result.totalPages) {
      navigate(paths.crmMessagesAt(formatContactsQuery({ ...query, page: result.totalPages - 1 })), { replace: true });
    }
  }, [result, query, navigate]);

  return (
    <ContactsScreen
      query={query}
      result={result}
      loadProblem={problem}
      loading={loading}
      onQueryChange={(next) => go(next, isRefinement(query, next))}
      onChanged={() => revalidator.revalidate()}
    />
  );
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
  next.view === current.view;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Contactos" subtitle="Gestión de contactos y mensajes" />
      <CrmRouteError error={error} />
    </>
  );
}
