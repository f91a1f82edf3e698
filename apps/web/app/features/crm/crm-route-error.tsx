import { isRouteErrorResponse } from "react-router";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";

/** A CRM screen that could not load says why, inside the CRM's frame (the sidebar stays usable). */
export function CrmRouteError({ error }: { error: unknown }) {
  const text = isRouteErrorResponse(error)
    ? "No se pudo mostrar esta página del CRM."
    : `No se pudo cargar esta página: ${errorMessage(error)}`;
  return (
    <Notice tone="problem">
      <p>{text}</p>
      <p>Vuelve a intentarlo en unos momentos.</p>
    </Notice>
  );
}
