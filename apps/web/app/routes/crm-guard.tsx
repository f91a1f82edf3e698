import { redirect } from "react-router";
import { paths } from "~/lib/paths";

// The CRM is for signed-in staff only. No session exists before staff sign-in is built, so the
// guard sends everyone to the login page, before any CRM content can render.
export async function clientLoader() {
  throw redirect(paths.login);
}

export default function CrmGuard() {
  return null;
}
