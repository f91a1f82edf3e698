import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { OwnSignatureForm, type OwnSignatureIntent } from "~/features/users/own-signature-form";
import { loadOwnSignature, saveOwnSignature } from "~/features/users/users-api";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-signature";

export const meta = () => crmMeta("Mi firma");

const TITLE = "Mi firma";

/** Every staff member's own signature, reached from the user block of the sidebar. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => ({ signature: await loadOwnSignature(request.signal) }));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { body } = (await request.json()) as OwnSignatureIntent;
  return settle(saveOwnSignature(body));
}

export default function CrmSignature({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <CrmPageHeader title={TITLE} subtitle="Lo que aparece al final de tus respuestas a los contactos" />
      <OwnSignatureForm signature={loaderData.signature} />
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
