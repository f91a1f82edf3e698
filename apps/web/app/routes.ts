import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one place routes are declared. Paths mirror app/lib/paths.ts.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("productos/:slug?", "routes/products.tsx"),
    route("servicios", "routes/services.tsx"),
    route("contacto", "routes/contact.tsx"),
    route("contacto/gracias", "routes/contact-thanks.tsx"),
    route("fianzas", "routes/bonds.tsx"),
    route("seguros", "routes/insurance.tsx"),
    route("terminos", "routes/terms.tsx"),
    route("privacidad", "routes/privacy.tsx"),
  ]),
  // The staff's sign-in pages: prerendered, and never importing the CRM's code.
  layout("routes/auth-layout.tsx", [
    route("login", "routes/login.tsx"),
    route("recuperar-contrasena", "routes/forgot-password.tsx"),
    route("restablecer-contrasena", "routes/reset-password.tsx"),
  ]),
  // The CRM: client-rendered behind the session guard of crm-layout's loader.
  route("crm", "routes/crm-layout.tsx", [
    index("routes/crm-dashboard.tsx"),
    route("mensajes", "routes/crm-messages.tsx"),
    route("empresas", "routes/crm-companies.tsx"),
    route("empresas/:id", "routes/crm-company.tsx"),
    route("embudo", "routes/crm-board.tsx"),
    route("cotizaciones", "routes/crm-quotes.tsx"),
    route("cotizaciones/:id", "routes/crm-quote.tsx"),
    route("pedidos", "routes/crm-orders.tsx"),
    route("pedidos/:id", "routes/crm-order.tsx"),
    route("precios", "routes/crm-prices.tsx"),
    route("tareas", "routes/crm-tasks.tsx"),
    route("usuarios", "routes/crm-users.tsx"),
    route("auditoria", "routes/crm-audit.tsx"),
    route("cambiar-contrasena", "routes/crm-change-password.tsx"),
    route("seguridad", "routes/crm-security.tsx"),
    route("plantillas", "routes/crm-reply-templates.tsx"),
    route("mi-firma", "routes/crm-signature.tsx"),
    route("sitio", "routes/crm-site.tsx"),
    route("sitio/:id", "routes/crm-site-item.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
