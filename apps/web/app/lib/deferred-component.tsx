import { type ComponentType, type ReactNode, Suspense, use, useEffect } from "react";

// Components whose code is fetched only when asked for (`start()`), yet whose HTML is prerendered in
// place. On the server (prerender) the module is loaded before rendering, so the page holds the real
// markup. In the browser, while the prerendered page hydrates, the component suspends inside its own
// Suspense boundary until `start()`: React keeps the server HTML untouched and hydrates it once the
// code has arrived. Mounted later by a client-side navigation, it loads at once and suspends the
// navigation instead (React keeps the previous page until the code is here), so the new page never
// shows a placeholder that then grows under an anchor the router has already scrolled to.

type Module<P> = { default: ComponentType<P> };

const prerenderLoads: (() => Promise<unknown>)[] = [];

/** Called by entry.server before rendering: every deferred component's code is ready. */
export function loadDeferredComponentsForPrerender() {
  return Promise.all(prerenderLoads.map((load) => load()));
}

let documentHydrated = false;

/** Rendered once by the root: from its first effect on, the document is hydrated. */
export function useMarkDocumentHydrated() {
  useEffect(() => {
    documentHydrated = true;
  }, []);
}

export type DeferredComponentOptions = {
  /** Shown only if a boundary must render on the client before the code is here. */
  fallback: ReactNode;
};

export function deferredComponent<P extends object>(
  load: () => Promise<Module<P>>,
  { fallback }: DeferredComponentOptions,
) {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const fetchModule = () => {
    pending ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };

  let open: () => void = () => {};
  const isServer = typeof window === "undefined";
  // One promise for the component's whole life: `use` must see the same one on every render.
  const ready = isServer
    ? undefined
    : new Promise<void>((resolve) => {
        open = resolve;
      }).then(fetchModule);
  if (isServer) prerenderLoads.push(fetchModule);

  function Deferred(props: P) {
    const module = loaded ?? (ready ? use(ready) : undefined);
    if (!module) throw new Error("deferredComponent: the module was not loaded before prerendering");
    const Component = module.default;
    return <Component {...props} />;
  }

  function Slot(props: P) {
    if (documentHydrated) {
      open();
      return <Deferred {...props} />;
    }
    return (
      <Suspense fallback={fallback}>
        <Deferred {...props} />
      </Suspense>
    );
  }

  return { Component: Slot, start: () => open() };
}
