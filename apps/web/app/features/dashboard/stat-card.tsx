import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { describeTrend, type Trend, trendDirection } from "./trend";

export type StatCardProps = {
  id: string;
  label: string;
  trend: Trend;
  /** What the previous figure was: "los 7 días anteriores". */
  comparedTo: string;
  /** Whether more is good news (new requests) or not (pending ones): only the colour follows it. */
  moreIsBetter: boolean;
};

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: ArrowRight } as const;

/** One figure of the morning overview with its change against the previous period, in words. */
export function StatCard({ id, label, trend, comparedTo, moreIsBetter }: StatCardProps) {
  const direction = trendDirection(trend);
  const Icon = ICONS[direction];
  const good = direction === "same" ? null : (direction === "up") === moreIsBetter;
  const tone = good === null ? "text-stone-700" : good ? "text-leaf-800" : "text-red-800";
  return (
    <section aria-labelledby={id} className="grid content-start gap-2 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
      <h2 id={id} className="font-semibold text-sm text-stone-700">
        {label}
      </h2>
      <p className="font-bold text-3xl text-leaf-900 tabular-nums">{trend.current}</p>
      <p className={`flex items-center gap-1 text-sm ${tone}`}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {describeTrend(trend, comparedTo)}
      </p>
    </section>
  );
}
