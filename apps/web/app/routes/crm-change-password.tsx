import type { ChangePasswordRequest } from "@app/shared";
import { AUTH_MESSAGES } from "@app/shared/constants";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { ChangePasswordForm } from "~/features/auth/change-password-form";
import { changePassword } from "~/features/auth/session";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { paths } from "~/lib/paths";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-change-password";

export const meta = () => crmMeta("Cambiar contraseña");

/** The password change: the route's one write (the form validated it already). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { currentPassword, newPassword } = (await request.json()) as ChangePasswordRequest;
  return settle(changePassword({ currentPassword, newPassword }));
}

/** Reached from the user block, or forced after an administrator set a temporary password. */
export default function CrmChangePassword() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [changed, setChanged] = useState(false);
  const forced = Boolean(user?.mustChangePassword);

  return (
    <>
      <CrmPageHeader title="Cambiar contraseña" />
      <div className="grid max-w-md gap-4">
        {forced && (
          <Notice tone="problem">
            <p>{AUTH_MESSAGES.mustChangePassword}</p>
          </Notice>
        )}
        {changed && (
          <Notice tone="success">
            <p>Tu contraseña se cambió. Las demás sesiones de tu cuenta se cerraron.</p>
          </Notice>
        )}
        <ChangePasswordForm
          onChanged={() => {
            // After a forced change the CRM opens; otherwise the person stays and reads the result.
            if (forced) navigate(paths.crm, { replace: true });
            else setChanged(true);
          }}
        />
      </div>
    </>
  );
}
