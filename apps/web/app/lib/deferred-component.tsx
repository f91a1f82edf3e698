import { type ComponentType, use } from "react";

// Components whose code is fetched only when asked for (`start()`), yet whose HTML is prerendered in
// place. On the server (prerender) the module is loaded before rendering, so the page holds the real
// markup. In the browser the component suspends until `start()`: during hydration React keeps the
// server HTML of the Suspense boundary untouched and hydrates it once the code has arrived.

type Module<P> = { default: ComponentType<P> };

const prerenderLoads: (() => Promise<unknown>)[] = [];

/** Called by entry.server before rendering: every deferred component's code is ready. */
export function loadDeferredComponentsForPrerender() {
  return Promise.all(prerenderLoads.map((load) => load()));
}

export function deferredComponent<P extends object>(load: () => Promise<Module<P>>) {
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

  return { Component: Deferred, start: () => open() };
}
