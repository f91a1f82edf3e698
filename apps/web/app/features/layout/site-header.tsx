import { DESKTOP_MIN_WIDTH_PX, HEADER_SOLID_AFTER_PX } from "@app/shared/constants";
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { site } from "~/content/site";
import { paths } from "~/lib/paths";
import { BrandMark } from "./brand-mark";
import { navLinks } from "./nav-links";
import { useScrolledPast } from "./use-scrolled-past";

/** Fixed header over the page hero: transparent at the top, solid past 50 px or with the menu open. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast(HEADER_SOLID_AFTER_PX);
  const location = useLocation();
  const solid = scrolled || menuOpen;

  // Navigating (including to an anchor) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`);
    const close = (event: MediaQueryListEvent) => event.matches && setMenuOpen(false);
    desktop.addEventListener("change", close);
    return () => desktop.removeEventListener("change", close);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        solid ? "bg-white/95 text-leaf-900 shadow-sm backdrop-blur" : "bg-transparent text-white"
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
          className="-mr-2 rounded-full p-2 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="menu-movil"
          aria-label={menuOpen ? "Cerrar menú" : "Abrir menú"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      <nav
        id="menu-movil"
        aria-label="Menú móvil"
        className={`absolute inset-x-0 top-full bg-white px-4 pb-6 text-leaf-900 shadow-lg transition-[opacity,transform,visibility] ease-menu md:hidden ${
          menuOpen
            ? "visible translate-y-0 opacity-100 duration-300"
            : "invisible -translate-y-2 opacity-0 duration-200"
        }`}
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
