import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one place routes are declared. Paths mirror app/lib/paths.ts.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("productos/:slug?", "routes/products.tsx"),
    route("servicios", "routes/services.tsx"),
    route("contacto", "routes/contact.tsx"),
    route("fianzas", "routes/bonds.tsx"),
    route("seguros", "routes/insurance.tsx"),
    route("terminos", "routes/terms.tsx"),
    route("privacidad", "routes/privacy.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("crm/*", "routes/crm-guard.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
