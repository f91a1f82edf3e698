import type { StaffUser } from "@app/shared";
import { SITE_ROLES, type StaffRole } from "@app/shared/constants";
import { redirect } from "react-router";
import { ApiError, isAccountGate, PASSWORD_CHANGE_REQUIRED, SECOND_FACTOR_REQUIRED } from "~/lib/api-client";
import { paths } from "~/lib/paths";
import { currentPathOf, requiredAccountPage } from "./redirect";
import { restoreSession } from "./session";

/**
 * For the CRM routes' clientLoader: the signed-in user, after restoring the session from the
 * refresh cookie if the page was just loaded. Nothing of the CRM renders before it answers. Without
 * a session it redirects to the sign-in page (which brings the person back here); with a temporary
 * password, to the password change; without a required second factor, to the security screen.
 */
export async function requireStaffUser(request: Request): Promise<StaffUser> {
  const user = await restoreSession();
  const url = new URL(request.url);
  if (!user) throw redirect(paths.loginThenReturnTo(currentPathOf(url)));
  const required = requiredAccountPage(user);
  if (required && url.pathname !== required) throw redirect(required);
  // A content editor works on the site only: every other CRM page leads there.
  if (user.role === "editor" && !isEditorPage(url.pathname)) throw redirect(paths.crmSite);
  return user;
}

/**
 * A screen for some roles only: `load`'s data for them, null for anyone else, who then sees a
 * refusal without a call; null too when the role was taken away meanwhile (the API's 403).
 */
export function loadForRole<T>(
  request: Request,
  allowed: (user: StaffUser) => boolean,
  load: (user: StaffUser) => Promise<T>,
): Promise<T | null> {
  return loadForStaff(request, async (user) => {
    if (!allowed(user)) return null;
    try {
      return await load(user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !isAccountGate(error)) return null;
      throw error;
    }
  });
}

/** The CRM pages a content editor uses: the site's, and their own account's. */
const EDITOR_PAGES = new Set<string>([paths.crmSite, paths.crmSecurity, paths.crmChangePassword]);
const isEditorPage = (pathname: string) => EDITOR_PAGES.has(pathname) || pathname.startsWith(`${paths.crmSite}/`);

export const isAdministrator = (user: StaffUser | null) => user?.role === "administrador";

/** Whether the person edits the public site (`Sitio web`): administrators and content editors. */
export const editsSite = (user: StaffUser | null) =>
  user !== null && (SITE_ROLES as readonly StaffRole[]).includes(user.role);

/**
 * A CRM screen's data, loaded for the signed-in user. When the server ends the session meanwhile
 * (account disabled, session revoked) the person goes to sign in and comes back here afterwards;
 * a temporary password leads to the password change, a missing second factor to the security screen.
 */
export async function loadForStaff<T>(request: Request, load: (user: StaffUser) => Promise<T>): Promise<T> {
  const user = await requireStaffUser(request);
  const { pathname } = new URL(request.url);
  try {
    return await load(user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(paths.loginThenReturnTo(currentPathOf(new URL(request.url))));
    }
    if (error instanceof ApiError && error.code === PASSWORD_CHANGE_REQUIRED) throw redirect(paths.crmChangePassword);
    // Never from the security screen itself: its calls are the ones allowed in that state.
    if (error instanceof ApiError && error.code === SECOND_FACTOR_REQUIRED && pathname !== paths.crmSecurity) {
      throw redirect(paths.crmSecurity);
    }
    throw error;
  }
}
