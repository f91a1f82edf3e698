import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Whether a native popover is showing, followed through its `toggle` events (and read once at
 * start, for a popover opened before the script ran). The browser keeps the state; React only
 * reflects it (names, aria-expanded).
 */
export function usePopoverOpen(popover: RefObject<HTMLElement | null>, onChange?: (open: boolean) => void) {
  const [open, setOpen] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = popover.current;
    if (!element) return;
    const follow = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === "open";
      setOpen(isOpen);
      changed.current?.(isOpen);
    };
    element.addEventListener("toggle", follow);
    setOpen(element.matches(":popover-open"));
    return () => element.removeEventListener("toggle", follow);
  }, [popover]);

  return open;
}
