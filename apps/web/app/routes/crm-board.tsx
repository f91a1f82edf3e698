import { useNavigate, useRevalidator } from "react-router";
import { loadForStaff } from "~/features/auth/guards";
import { formatBoardFilters, loadBoard, parseBoardFilters } from "~/features/board/board-api";
import { BoardScreen } from "~/features/board/board-screen";
import { loadCompany } from "~/features/companies/companies-api";
import { loadServiceTypes } from "~/features/contacts/contacts-api";
import { loadStaff } from "~/features/contacts/follow-up-api";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-board";

export const meta = () => crmMeta("Embudo");

// The board follows the address (`?responsable&producto&empresa`); a move is sent by the screen itself, so
// only the two columns involved change (a reload of the route would render all six again).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const filters = parseBoardFilters(new URL(request.url).searchParams);
    const [board, staff, serviceTypes, companyName] = await Promise.all([
      loadBoard(filters, request.signal).then(
        (value) => ({ value, problem: null }),
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.status === 401 || isAccountGate(error)) {
            throw error;
          }
          return { value: null, problem: errorMessage(error) };
        },
      ),
      loadStaff().catch(() => null),
      loadServiceTypes().catch(() => null),
      filters.companyId === null
        ? null
        : loadCompany(filters.companyId, request.signal).then(
            (detail) => detail.company.name,
            () => null,
          ),
    ]);
    return { filters, board: board.value, problem: board.problem, staff, serviceTypes, companyName };
  });
}

export default function CrmBoard({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return (
    <BoardScreen
      {...loaderData}
      onFilters={(filters) => {
        const query = formatBoardFilters(filters);
        navigate(query ? `${paths.crmBoard}?${query}` : paths.crmBoard);
      }}
      onStale={() => void revalidator.revalidate()}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrmRouteError error={error} />;
}
