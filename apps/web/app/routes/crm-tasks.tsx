import { loadForStaff } from "~/features/auth/guards";
import { type ContactsIntent, runContactsIntent } from "~/features/contacts/contacts-actions";
import { loadTasks } from "~/features/contacts/follow-up-api";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { parseTasksQuery, TasksScreen } from "~/features/tasks/tasks-screen";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-tasks";

export const meta = () => crmMeta("Tareas");

// Mine or the team's, open or done, as the address says; React Router loads it again after each change.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const query = parseTasksQuery(new URL(request.url).searchParams);
    try {
      const { tasks, total } = await loadTasks(query.owner, query.status, request.signal);
      return { query, tasks, total, problem: null };
    } catch (error) {
      // A session that ended goes to sign in; any other failure is said on the screen.
      if (!(error instanceof ApiError) || error.status === 401 || isAccountGate(error)) throw error;
      return { query, tasks: null, total: 0, problem: errorMessage(error) };
    }
  });
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = (await request.json()) as ContactsIntent;
  return settle(runContactsIntent(action));
}

export default function CrmTasks({ loaderData }: Route.ComponentProps) {
  return <TasksScreen {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CrmRouteError error={error} />;
}
