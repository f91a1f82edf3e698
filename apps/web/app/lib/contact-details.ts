import type { ContactDetails, PartnerContent } from "@app/shared";
import { useRouteLoaderData } from "react-router";

/** The public pages' frame, whose loader gives every page in it what its header and footer show. */
export const PUBLIC_LAYOUT = "routes/public-layout";

export type PublicLayoutData = { contactDetails: ContactDetails; partners: PartnerContent[] };

function usePublicLayout(): PublicLayoutData {
  const data = useRouteLoaderData(PUBLIC_LAYOUT) as PublicLayoutData | undefined;
  if (!data) throw new Error("the published content is for the public pages only");
  return data;
}

/** How to reach the supplier, as staff published it (`Sitio web`, `Datos de contacto`). */
export const useContactDetails = () => usePublicLayout().contactDetails;

/** The footer's partners, as staff published them. */
export const usePartners = () => usePublicLayout().partners;
