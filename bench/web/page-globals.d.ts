// What the benchmark's own scripts keep in the pages they measure (interactivity.mjs's INIT,
// motion-check.mjs's LCP recorder), and the bindings Playwright exposes there to the harness.

/** The load as the page saw it; times are wall-clock ms (performance.timeOrigin + the timestamp). */
export type BenchState = {
  longTasks: { at: number; ms: number }[];
  /** Event Timing entries; `delay` waits for the main thread, `processing` is the page's handlers. */
  events: { name: string; at: number; ms: number; delay: number; processing: number }[];
  /** The page's own scripts' runs (Long Animation Frames). */
  scripts: { at: number; ms: number; url: string }[];
  controlAt?: number;
  effectAt?: number;
  hydratedAt?: number;
  watched?: boolean;
};

/** Where to tap the control, when it was first painted, and the document's time origin. */
export type ControlSpot = { x: number; y: number; paintedAt: number; origin: number };

/** A Long Animation Frame entry, as much of it as is read (Chromium's; not yet in TypeScript's DOM types). */
export type LongAnimationFrame = PerformanceEntry & {
  scripts: { sourceURL: string; startTime: number; duration: number }[];
};

declare global {
  interface Window {
    __bench: BenchState;
    __benchControl?: (spot: ControlSpot) => void;
    __benchClicked?: () => void;
    __benchEffect?: () => void;
    __benchWatched?: () => void;
    /** Every LCP candidate of the load (motion-check.mjs). */
    __lcp: { element: string; size: number; at: number }[];
  }
}
