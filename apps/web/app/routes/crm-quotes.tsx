import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { loadQuotes } from "~/features/quotes/quotes-api";
import { parseQuotesQuery } from "~/features/quotes/quotes-query";
import { QuotesScreen } from "~/features/quotes/quotes-screen";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import type { Route } from "./+types/crm-quotes";

export const meta = () => crmMeta("Cotizaciones");

// The state and page the address says; a failure other than the session's is said on the screen.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const query = parseQuotesQuery(new URL(request.url).searchParams);
    try {
      return { query, page: await loadQuotes(query, request.signal), problem: null };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || isAccountGate(error)) throw error;
      return { query, page: null, problem: errorMessage(error) };
    }
  });
}

export default function CrmQuotes({ loaderData }: Route.ComponentProps) {
  return <QuotesScreen {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Cotizaciones" />
      <CrmRouteError error={error} />
    </>
  );
}
