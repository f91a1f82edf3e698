// Every URL of the site is written here once; components never spell paths themselves.
export const paths = {
  home: "/",
  homeSection: (id: "inicio" | "productos" | "servicios" | "contacto" | "socios") => `/#${id}`,
  products: "/productos",
  product: (slug: string) => `/productos/${slug}`,
  services: "/servicios",
  contact: "/contacto",
  bonds: "/fianzas",
  insurance: "/seguros",
  terms: "/terminos",
  privacy: "/privacidad",
  login: "/login",
  crm: "/crm",
  crmMessages: "/crm/mensajes",
} as const;
