import type { ContactDetails } from "@app/shared";
import { useRouteLoaderData } from "react-router";

/** The public pages' frame, whose loader gives the published contact details to every page in it. */
export const PUBLIC_LAYOUT = "routes/public-layout";

export type PublicLayoutData = { contactDetails: ContactDetails };

/** How to reach the supplier, as staff published it (`Sitio web`, `Datos de contacto`). */
export function useContactDetails(): ContactDetails {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as PublicLayoutData | undefined;
  if (!data) throw new Error("useContactDetails() is for the public pages only");
  return data.contactDetails;
}
