import type { StaffMember } from "@app/shared";
import { STAGE_LABELS, STAGES } from "@app/shared/constants";

// The `<option>`s every stage or staff `<select>` of the CRM lists, in one order and wording; each
// select puts its own first choice ("Elige una etapa", "Sin responsable", "Yo"…) before them.

/** The six stages, from Nuevo to Perdido. */
export function StageOptions() {
  return STAGES.map((stage) => (
    <option key={stage} value={stage}>
      {STAGE_LABELS[stage]}
    </option>
  ));
}

/** The staff who can take a contact or a task, by name. */
export function StaffOptions({ staff }: { staff: readonly StaffMember[] | null }) {
  return (staff ?? []).map((member) => (
    <option key={member.id} value={member.id}>
      {member.displayName}
    </option>
  ));
}
