import { DESKTOP_MIN_WIDTH_PX, HEADER_SOLID_AFTER_PX } from "@app/shared/constants";
import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { site } from "~/content/site";
import { paths } from "~/lib/paths";
import { useHydrated } from "~/lib/use-hydrated";
import { usePopoverOpen } from "~/lib/use-popover-open";
import { BrandMark } from "./brand-mark";
import { navLinks } from "./nav-links";
import { useScrolledPast } from "./use-scrolled-past";

/**
 * Fixed header over the page hero: transparent at the top, solid past 50 px or with the menu open.
 * The mobile menu is a native popover: its button, Escape and a tap outside work in the page's
 * HTML, before and without JavaScript; the script follows its state for the button's name.
 */
export function SiteHeader() {
  const hydrated = useHydrated();
  const menu = useRef<HTMLElement>(null);
  const menuOpen = usePopoverOpen(menu);
  const scrolled = useScrolledPast(HEADER_SOLID_AFTER_PX);
  const location = useLocation();

  const closeMenu = useCallback(() => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, []);

  // Navigating (including to an anchor) closes the menu; a menu opened before the script ran stays.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    closeMenu();
  }, [location.key, closeMenu]);

  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`);
    const close = (event: MediaQueryListEvent) => event.matches && closeMenu();
    desktop.addEventListener("change", close);
    return () => desktop.removeEventListener("change", close);
  }, [closeMenu]);

  return (
    <header
      className={`site-header group/header fixed inset-x-0 top-0 z-40 transition-colors duration-300 has-[:popover-open]:bg-white/95 has-[:popover-open]:text-leaf-900 has-[:popover-open]:shadow-sm has-[:popover-open]:backdrop-blur ${
        scrolled ? "bg-white/95 text-leaf-900 shadow-sm backdrop-blur" : "bg-transparent text-white"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 md:h-20 md:px-8">
        <Link to={paths.home} className="flex items-center gap-2 font-bold text-lg" aria-label={`${site.name}, inicio`}>
          <BrandMark />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Principal" className="hidden items-center gap-8 md:flex">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to} className="font-medium hover:underline hover:underline-offset-4">
              {link.label}
            </Link>
          ))}
          <Link to={paths.contact} className={buttonStyles.primary}>
            Contáctanos
          </Link>
        </nav>
        <button
          type="button"
          popoverTarget="menu-movil"
          className="-mr-2 rounded-full p-2 md:hidden"
          aria-expanded={hydrated ? menuOpen : undefined}
          aria-controls="menu-movil"
          aria-label={menuOpen ? "Cerrar menú" : "Abrir menú"}
        >
          <Menu aria-hidden="true" className="group-has-[:popover-open]/header:hidden" />
          <X aria-hidden="true" className="hidden group-has-[:popover-open]/header:block" />
        </button>
      </div>
      <nav
        ref={menu}
        id="menu-movil"
        popover="auto"
        aria-label="Menú móvil"
        className="top-16 bottom-auto m-0 w-full -translate-y-2 bg-white px-4 pb-6 text-leaf-900 opacity-0 shadow-lg transition-[opacity,translate,display,overlay] transition-discrete duration-200 ease-menu open:translate-y-0 open:opacity-100 open:duration-300 starting:open:-translate-y-2 starting:open:opacity-0 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {navLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block rounded-lg px-3 py-3 font-medium hover:bg-leaf-50">
                {link.label}
              </Link>
            </li>
          ))}
          <li className="pt-2">
            <Link to={paths.contact} className={`${buttonStyles.primary} w-full`}>
              Contáctanos
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
