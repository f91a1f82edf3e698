import { PUBLIC_PATHS, productPath, serviceTypeSlug } from "@app/shared/constants";

// Every URL of the site is written here once (the public pages' in packages/shared, which the server
// renders too); components never spell paths themselves.
export const paths = {
  ...PUBLIC_PATHS,
  homeSection: (id: "inicio" | "productos" | "servicios" | "contacto" | "socios") => `/#${id}`,
  product: productPath,
  /** The contact page with a service already chosen (a "Solicitar información" link). */
  contactAbout: (serviceType: string) => `/contacto?interes=${serviceTypeSlug(serviceType)}`,
  /** The sign-in page that sends the person back to a CRM page afterwards. */
  loginThenReturnTo: (crmPath: string) => `/login?redirectTo=${encodeURIComponent(crmPath)}`,
  crm: "/crm",
  crmMessages: "/crm/mensajes",
  /** The messages screen at a place of its list: a query string made by the contacts feature. */
  crmMessagesAt: (query: string) => (query ? `/crm/mensajes?${query}` : "/crm/mensajes"),
  /** The submissions kept for review (spam suspicion). */
  crmReview: "/crm/mensajes?vista=revisar",
  crmUsers: "/crm/usuarios",
  crmTasks: "/crm/tareas",
  /** The tasks screen with a query string made by the contacts feature (`de`, `estado`). */
  crmTasksAt: (query: string) => (query ? `/crm/tareas?${query}` : "/crm/tareas"),
  /** The team's open tasks, not only mine. */
  crmTeamTasks: "/crm/tareas?de=equipo",
  crmBoard: "/crm/embudo",
  /** The board of one company's opportunities (board-api.ts's `empresa`). */
  crmBoardOfCompany: (id: number) => `/crm/embudo?empresa=${id}`,
  /** Farms and exporters (issue 33): the list, and one company's page. */
  crmCompanies: "/crm/empresas",
  crmCompany: (id: number) => `/crm/empresas/${id}`,
  crmQuotes: "/crm/cotizaciones",
  crmQuote: (id: number) => `/crm/cotizaciones/${id}`,
  crmOrders: "/crm/pedidos",
  crmOrder: (id: number) => `/crm/pedidos/${id}`,
  /** The priced catalogue, for administrators. */
  crmPrices: "/crm/precios",
  crmContact: (id: number) => `/crm/mensajes?contacto=${id}`,
  crmAudit: "/crm/auditoria",
  crmChangePassword: "/crm/cambiar-contrasena",
  /** Passkeys, authenticator app, recovery codes and signed-in devices (issue 15). */
  crmSecurity: "/crm/seguridad",
  crmReplyTemplates: "/crm/plantillas",
  crmSignature: "/crm/mi-firma",
  /** The public site's content (issue 17): an item by its id, or a new one's editor (NEW_SITE_ITEMS). */
  crmSite: "/crm/sitio",
  crmSiteItem: (id: number | string) => `/crm/sitio/${id}`,
} as const;
