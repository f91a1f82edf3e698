import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

// CRM writes go through their route's clientAction, called with a fetcher: React Router then loads
// the route's data again, so every screen shows what is stored without keeping copies by hand.

/** What a clientAction answers: the call's result, or the error a screen explains in its place. */
export type ActionResult = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs a write for a clientAction. Errors are answered, not thrown: an error page would replace the screen. */
export async function settle(work: Promise<unknown>): Promise<ActionResult> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    return { ok: false, error };
  }
}

/** A JSON payload for the route's clientAction; `intent` names the write. */
export type ActionPayload = { intent: string } & Record<string, unknown>;

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Submits to the current route's clientAction with a fetcher of its own, and resolves once React
 * Router has also reloaded the route's data: with the call's result, or rejects with its error
 * (an ApiError), so a form can put the refusal under its field.
 */
export function useRouteAction() {
  const fetcher = useFetcher<ActionResult>();
  const pending = useRef<Pending | null>(null);
  const { submit } = fetcher;

  useEffect(() => {
    const waiting = pending.current;
    if (fetcher.state !== "idle" || !waiting || fetcher.data === undefined) return;
    pending.current = null;
    if (fetcher.data.ok) waiting.resolve(fetcher.data.value);
    else waiting.reject(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  const run = useCallback(
    <T = unknown>(payload: ActionPayload) =>
      new Promise<T>((resolve, reject) => {
        pending.current = { resolve: resolve as (value: unknown) => void, reject };
        // The payload is plain data (numbers, strings, arrays): JSON as React Router's type wants it.
        const json = payload as unknown as Parameters<typeof submit>[0];
        submit(json, { method: "post", encType: "application/json" }).catch(reject);
      }),
    [submit],
  );

  return { run, busy: fetcher.state !== "idle" };
}
