import { CircleCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

const styles = {
  success: "flex items-start gap-3 rounded-2xl bg-leaf-50 p-4 text-leaf-900 ring-1 ring-leaf-200",
  problem: "flex items-start gap-3 rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200",
} as const;

/**
 * A message that appears in place (announced by screen readers): an error or a success. Inside a
 * live region that is always there (`announced={false}`), it leaves the announcing to that region.
 */
export function Notice({
  tone,
  announced = true,
  children,
}: {
  tone: "success" | "problem";
  announced?: boolean;
  children: ReactNode;
}) {
  const Icon = tone === "success" ? CircleCheck : TriangleAlert;
  const role = announced ? (tone === "success" ? "status" : "alert") : undefined;
  return (
    <div role={role} className={styles[tone]}>
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${tone === "success" ? "text-leaf-600" : "text-red-700"}`}
        aria-hidden="true"
      />
      <div className="grid gap-2">{children}</div>
    </div>
  );
}
