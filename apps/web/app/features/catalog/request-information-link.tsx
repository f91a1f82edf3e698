import { ButtonLink } from "~/components/ui/button-link";
import { buttonStyles } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";

export type RequestInformationLinkProps = {
  serviceType: string;
  onRequest: (serviceType: string) => void;
  className?: string;
};

/**
 * `Solicitar información` of a product, panel or slide: a link to the form with the service ticked
 * (`/contacto?interes=<slug>`), which the script replaces with `onRequest` (decision 036).
 */
export function RequestInformationLink({ serviceType, onRequest, className = "" }: RequestInformationLinkProps) {
  return (
    <ButtonLink
      href={paths.contactAbout(serviceType)}
      onClick={(event) => {
        event.preventDefault();
        onRequest(serviceType);
      }}
      className={`${buttonStyles.primary} ${className}`.trim()}
    >
      Solicitar información
    </ButtonLink>
  );
}
