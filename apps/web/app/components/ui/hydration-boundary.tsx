import { type ReactNode, Suspense } from "react";

/**
 * A part of a prerendered page that React hydrates in a pass of its own, after the page around it:
 * React leaves a Suspense boundary found in the HTML for later (idle priority, time-sliced, its own
 * commit) and hydrates it at once if it is tapped first, so a page hydrates in short tasks instead of
 * one commit of the whole tree (docs/decisions/036).
 *
 * Two rules keep it so. The component that renders a boundary must not render again before the
 * boundary has hydrated (new children make React hydrate it at once, in one long task): no state or
 * store that changes at hydration (such as `useHydrated`) in that component. And nothing inside may
 * suspend on a client-side navigation (a deferred component), or the navigation would show an empty
 * place that fills in later instead of waiting for it.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
