import { ROLE_LABELS, STAFF_ROLES } from "@app/shared/constants";

/** The two roles, as `<option>`s with their Spanish labels. */
export function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
