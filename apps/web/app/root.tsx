import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
// The icon travels inside the page: a separate request for it, started while the page paints, is
// one more round trip before a phone's largest paint counts as done (docs/decisions/016).
import faviconSvg from "../public/favicon.svg?raw";
import { useMarkDocumentHydrated } from "./lib/deferred-component";
import { PageLanding } from "./lib/page-landing";

/** An SVG as a `data:` URL, escaping only what a URL must (much shorter than base64 or full escaping). */
const svgDataUrl = (svg: string) =>
  `data:image/svg+xml,${svg
    .trim()
    .replace(/"/g, "'")
    .replace(/[<>#%\n]/g, (character) => encodeURIComponent(character))}`;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: svgDataUrl(faviconSvg), type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="es-EC">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#143823" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <PageLanding />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useMarkDocumentHydrated();
  return <Outlet />;
}

/** Shown while the CRM shell loads its code; the public pages are prerendered and never show it. */
export function HydrateFallback() {
  return (
    <p className="grid min-h-screen place-items-center text-stone-600" role="status">
      Cargando…
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto grid min-h-screen max-w-xl place-content-center gap-4 p-6 text-center">
      <h1 className="font-bold text-3xl text-leaf-900">{notFound ? "Página no encontrada" : "Algo salió mal"}</h1>
      <p>
        {notFound
          ? "La página que busca no existe."
          : "Ocurrió un error inesperado. Por favor, recargue la página o intente más tarde."}
      </p>
      <a className="font-semibold text-leaf-700 underline" href="/">
        Volver al inicio
      </a>
    </main>
  );
}
