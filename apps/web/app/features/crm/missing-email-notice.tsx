import type { StaffUser } from "@app/shared";
import { Link } from "react-router";
import { Notice } from "~/components/ui/notice";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { paths } from "~/lib/paths";

/**
 * An administrator without an email (the first account, made before anyone typed one) is asked for
 * it on every screen until it is there: new leads, locks of the account and password resets are
 * told by email, and the lead assignment skips an account that cannot be told (issue 31, item 5).
 */
export function MissingEmailNotice({ user }: { user: StaffUser }) {
  if (user.email || user.role !== "administrador") return null;
  return (
    <div className="mb-4">
      <Notice tone="problem" announced={false}>
        <p>
          Tu cuenta no tiene correo electrónico: no te llegarán los avisos de contactos nuevos ni podrás recuperar tu
          contraseña.{" "}
          <Link to={paths.crmUsers} className={textLinkStyles}>
            Agrega tu correo en Usuarios
          </Link>
          .
        </p>
      </Notice>
    </div>
  );
}
