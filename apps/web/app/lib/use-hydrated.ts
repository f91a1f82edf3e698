import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page's prerendered HTML is being hydrated, true from the render after (and at
 * once for anything mounted later). For attributes only the script can keep true, such as an
 * `aria-expanded` that follows a native popover: the HTML leaves them to the browser.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
