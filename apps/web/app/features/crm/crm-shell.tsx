import type { StaffUser } from "@app/shared";
import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { RecentPasswordProvider } from "~/lib/recent-password";
import { CrmSidebar } from "./crm-sidebar";
import { MissingEmailNotice } from "./missing-email-notice";
import { useLiveEvents } from "./use-live-events";
import { useSidebarOpen } from "./use-sidebar-open";

export type CrmShellProps = {
  user: StaffUser;
  brand: ReactNode;
  onSignOut: () => Promise<void>;
  children: ReactNode;
};

const SIDEBAR_ID = "crm-menu";

/**
 * The CRM's frame: a top bar with the sidebar toggle, the sidebar (a column from 768 px, a panel
 * over the page below it) and the screen itself.
 */
export function CrmShell({ user, brand, onSignOut, children }: CrmShellProps) {
  const { open, setOpen, wide } = useSidebarOpen();
  const location = useLocation();
  const overlay = open && !wide;
  const { announcement, stop: stopLive } = useLiveEvents(user);
  const signOut = async () => {
    stopLive();
    await onSignOut();
  };

  // On a narrow screen the panel closes when the page changes (the back button, a link of the
  // page); never on the first render, which would undo a tap made before the effects ran.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (!wide) setOpen(false);
  }, [location.key, wide, setOpen]);

  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [overlay, setOpen]);

  return (
    <div className="min-h-svh bg-cream">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-stone-200 border-b bg-white px-3 md:px-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          aria-label={open ? "Cerrar menú" : "Abrir menú"}
          onClick={() => setOpen((value) => !value)}
          className="grid size-11 place-items-center rounded-full text-leaf-900 hover:bg-leaf-50"
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <p className="flex items-center gap-2 font-bold text-leaf-900">
          {brand}
          <span>CRM</span>
        </p>
      </header>
      <div className="md:flex">
        <aside
          id={SIDEBAR_ID}
          aria-label="Menú del CRM"
          hidden={!open}
          className="fixed top-16 bottom-0 left-0 z-20 w-72 max-w-[85vw] overflow-y-auto bg-leaf-950 shadow-xl md:sticky md:h-[calc(100svh-4rem)] md:w-64 md:shrink-0 md:shadow-none"
        >
          <CrmSidebar user={user} onSignOut={signOut} onNavigate={() => !wide && setOpen(false)} />
        </aside>
        {overlay && (
          // The backdrop only repeats, for a pointer, what the toggle and Escape do for the keyboard.
          <div aria-hidden="true" className="fixed inset-0 top-16 z-10 bg-leaf-950/50" onClick={() => setOpen(false)} />
        )}
        <main id="contenido" className="min-w-0 flex-1 p-4 md:p-8">
          <MissingEmailNotice user={user} />
          <RecentPasswordProvider>{children}</RecentPasswordProvider>
        </main>
      </div>
      {/* Colleagues' changes, spoken politely. Not role="status": that name belongs to each screen's own messages. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
