// A figure against the previous period, said in words (the arrow and its colour only repeat it).

export type Trend = { current: number; previous: number };
export type TrendDirection = "up" | "down" | "same";

export function trendDirection({ current, previous }: Trend): TrendDirection {
  if (current > previous) return "up";
  if (current < previous) return "down";
  return "same";
}

/** "3 más que los 7 días anteriores", "1 menos que hace 7 días", "Igual que la semana anterior". */
export function describeTrend(trend: Trend, comparedTo: string) {
  const difference = Math.abs(trend.current - trend.previous);
  switch (trendDirection(trend)) {
    case "up":
      return `${difference} más que ${comparedTo}`;
    case "down":
      return `${difference} menos que ${comparedTo}`;
    default:
      return `Igual que ${comparedTo}`;
  }
}

/** The sum of a series. */
export const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);

/** Width of a bar in percent of the largest value (a visible sliver for any value above zero). */
export function barPercent(value: number, max: number) {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}
