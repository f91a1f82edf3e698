import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A new page opens where a full page load would put it: at its top, at the place it was left (back),
 * or at once at the section its URL names (`/#contacto` from a product's "Solicitar información").
 * Within a page the site scrolls smoothly (`scroll-behavior: smooth`, app.css); across pages React
 * Router's scroll would glide through a whole page of sections for a second or more, which a busy
 * phone could cut short anywhere on the way.
 *
 * So each navigation sets the behaviour for the scrolls that follow it: instant after a change of
 * page, smooth again after a move within one. It is kept until the next navigation rather than put
 * back at once, because React Router may scroll in a render after the one that shows the page
 * (seen at 4x CPU: ~80 ms later).
 */
export function PageLanding() {
  const location = useLocation();
  const shown = useRef(location.pathname);

  useLayoutEffect(() => {
    const samePage = shown.current === location.pathname;
    shown.current = location.pathname;
    const root = document.documentElement;
    const behaviour = samePage ? "" : "auto";
    // Unchanged (the page's first render, a move within a page): nothing to bring up to date, and
    // reading the computed style would recalculate the whole page's style inside hydration's commit.
    if (root.style.scrollBehavior === behaviour) return;
    root.style.scrollBehavior = behaviour;
    // Chrome may scroll with the behaviour it computed before the change (seen: a glide after
    // "auto" was set); reading it brings the computed style up to date first.
    void getComputedStyle(root).scrollBehavior;
  }, [location]);

  return null;
}
