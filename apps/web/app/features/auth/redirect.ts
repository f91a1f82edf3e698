import type { StaffUser } from "@app/shared";
import { paths } from "~/lib/paths";

// Where to go after signing in. `redirectTo` comes from the address bar, so anyone can write it:
// only a path of this site's CRM is accepted, never another origin (no open redirect).

const PROBE_ORIGIN = "https://example.invalid";

/** `value` when it is a CRM path of this origin (with its query), otherwise `/crm`. */
export function safeCrmRedirect(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return paths.crm;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return paths.crm;
  }
  if (url.origin !== PROBE_ORIGIN) return paths.crm;
  const inCrm = url.pathname === paths.crm || url.pathname.startsWith(`${paths.crm}/`);
  return inCrm ? `${url.pathname}${url.search}` : paths.crm;
}

/** The page being shown, as `redirectTo` carries it. */
export const currentPathOf = (location: { pathname: string; search: string }) =>
  `${location.pathname}${location.search}`;

type AccountState = Pick<StaffUser, "mustChangePassword" | "mustAddSecondFactor">;

/**
 * The one page a person may use until they fix their account: a temporary password first (the
 * server refuses everything else), then a second factor the administrators require.
 */
export function requiredAccountPage(user: AccountState): string | null {
  if (user.mustChangePassword) return paths.crmChangePassword;
  if (user.mustAddSecondFactor) return paths.crmSecurity;
  return null;
}

/** Where a sign-in leads: the page the account requires, or the CRM page that was asked for. */
export const landingAfterSignIn = (user: AccountState, redirectTo: string | null) =>
  requiredAccountPage(user) ?? safeCrmRedirect(redirectTo);
