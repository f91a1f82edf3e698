import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { isAdministrator, loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { type ReplyTemplatesIntent, runReplyTemplatesIntent } from "~/features/reply-templates/reply-templates-actions";
import { loadReplyTemplates } from "~/features/reply-templates/reply-templates-api";
import { TemplatesScreen } from "~/features/reply-templates/templates-screen";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-reply-templates";

export const meta = () => crmMeta("Plantillas");

const TITLE = "Plantillas";
const SUBTITLE = "Respuestas que el personal elige al contestar a un contacto";

// Administrators only: anyone else gets a clear refusal without a call (the API would answer 403).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { templates: await loadForRole(request, isAdministrator, () => loadReplyTemplates(request.signal)) };
}

/** Every write of the screen (reply-templates-actions.ts); React Router then loads the templates again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runReplyTemplatesIntent((await request.json()) as ReplyTemplatesIntent));
}

export default function CrmReplyTemplates({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  return (
    <>
      <CrmPageHeader title={TITLE} subtitle={SUBTITLE} />
      {isAdministrator(user) && loaderData.templates ? (
        <TemplatesScreen templates={loaderData.templates} />
      ) : (
        <NoPermission what="gestionar las plantillas de respuesta" />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title={TITLE} />
      <CrmRouteError error={error} />
    </>
  );
}
