type NetworkInformation = { saveData?: boolean };

/**
 * Decorative video is skipped for people who asked for less motion or less data
 * (prefers-reduced-motion, Save-Data).
 */
export function motionAndDataAllowed() {
  if (typeof window === "undefined") return false;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !reduced && connection?.saveData !== true;
}

/** Runs `start` once the page has fully loaded, so decorative media never competes with it. */
export function afterPageLoad(start: () => void) {
  if (document.readyState === "complete") {
    start();
    return () => {};
  }
  window.addEventListener("load", start, { once: true });
  return () => window.removeEventListener("load", start);
}
