import { DESKTOP_MIN_WIDTH_PX } from "@app/shared/constants";
import { useEffect, useState } from "react";

const WIDE = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

/**
 * The sidebar is open by default from 768 px and closed below (spec section 2); crossing the
 * breakpoint resets it. The CRM renders only in the browser, so the first value is already right.
 */
export function useSidebarOpen() {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  const [open, setOpen] = useState(wide);

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = (event: MediaQueryListEvent) => {
      setWide(event.matches);
      setOpen(event.matches);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  return { open, setOpen, wide };
}
