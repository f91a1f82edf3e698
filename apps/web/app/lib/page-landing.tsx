import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A new page opens where a full page load would put it: at its top, or at once at the section its
 * URL names (`/#contacto` from a product's "Solicitar información"). The site scrolls smoothly
 * within a page (`scroll-behavior: smooth`), and without this React Router's scroll to the new
 * page's place would glide through a whole page of sections for a second or more, which a busy
 * phone can cut short anywhere on the way.
 *
 * Render it just before `<ScrollRestoration />`: sibling layout effects run in order, so the
 * behaviour is set before that component scrolls and given back once it has.
 */
export function PageLanding() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const changed = shown.current !== pathname;

  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.documentElement.style.scrollBehavior = "auto";
  }, [pathname]);

  useEffect(() => {
    if (changed) document.documentElement.style.scrollBehavior = "";
  });

  return null;
}
