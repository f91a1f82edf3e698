import type { ContactCounts, StaffMember } from "@app/shared";
import { formatCount } from "~/lib/format-number";
import type { OwnerChoice } from "./contacts-query";

type OwnerSelectProps = {
  value: OwnerChoice | null;
  onChange: (owner: OwnerChoice | null) => void;
  staff: StaffMember[] | null;
  /** Shown beside each choice when known: "Mis contactos (12)". */
  counts?: ContactCounts | null;
  className: string;
};

/** " (12)" after a choice, or nothing while the counts are unknown. */
export const counted = (count: number | undefined) => (count === undefined ? "" : ` (${formatCount(count)})`);

/** `Responsable` as a filter: everyone, mine, nobody's, or one colleague's contacts. */
export function OwnerSelect({ value, onChange, staff, counts, className }: OwnerSelectProps) {
  const ownerCount = (id: number) =>
    counts ? (counts.owners.find((owner) => owner.id === id)?.count ?? 0) : undefined;
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-semibold text-leaf-900">Responsable</span>
      <select
        value={value === null ? "" : String(value)}
        onChange={(event) => {
          const choice = event.target.value;
          onChange(choice === "" ? null : choice === "me" || choice === "none" ? choice : Number(choice));
        }}
        className={className}
      >
        <option value="">Todos{counted(counts?.all)}</option>
        <option value="me">Mis contactos{counted(counts?.mine)}</option>
        <option value="none">Sin responsable{counted(counts?.unowned)}</option>
        {(staff ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {member.displayName}
            {counted(ownerCount(member.id))}
          </option>
        ))}
      </select>
    </label>
  );
}
