// The site's editable content (issue 17, docs/decisions/037): what kinds of items staff edit, their
// limits and the Spanish texts that name each field. Zod-free, so the editor's screens can use them;
// the zod schemas in schemas/site.ts are built from these. What the public pages need of them lives
// in site-public.ts, so that their scripts do not carry the editor's texts.

/**
 * A product of the catalogue; a service of the services page (a panel or a slide of its carousel);
 * a testimonial or a question of the home page; a partner of the footer; the home page's own copy
 * and the site's contact details (one item each).
 */
export const SITE_ITEM_KINDS = [
  "product",
  "service",
  "testimonial",
  "faq",
  "partner",
  "landing",
  "contact-details",
] as const;
export type SiteItemKind = (typeof SITE_ITEM_KINDS)[number];

/** The kinds that are lists: staff add items of them, and take them off the site (`Retirar del sitio`). */
export const SITE_LIST_KINDS = [
  "product",
  "service",
  "testimonial",
  "faq",
  "partner",
] as const satisfies readonly SiteItemKind[];
export type SiteListKind = (typeof SITE_LIST_KINDS)[number];

/** The footer's `Nuestros socios`: the strategic partner (Chrysal) and the authorised distributors. */
export const PARTNER_GROUPS = ["estrategico", "distribuidor"] as const;
export type PartnerGroup = (typeof PARTNER_GROUPS)[number];
export const PARTNER_GROUP_LABELS: Record<PartnerGroup, string> = {
  estrategico: "Socio estratégico",
  distribuidor: "Distribuidor autorizado",
};

/** Where a service shows on `/servicios`: a panel of its own, or a slide of `Más servicios para su poscosecha`. */
export const SERVICE_PLACEMENTS = ["panel", "slide"] as const;
export type ServicePlacement = (typeof SERVICE_PLACEMENTS)[number];
export const SERVICE_PLACEMENT_LABELS: Record<ServicePlacement, string> = {
  panel: "Panel de la página de servicios",
  slide: "Diapositiva del carrusel",
};

/** The home page's service cards: their icon, and the page `Conocer más` leads to. */
export const SERVICE_LINE_ICONS = ["escudo", "maletin", "hogar", "auto", "vida"] as const;
export type ServiceLineIcon = (typeof SERVICE_LINE_ICONS)[number];
export const SERVICE_LINE_ICON_LABELS: Record<ServiceLineIcon, string> = {
  escudo: "Escudo",
  maletin: "Maletín",
  hogar: "Casa",
  auto: "Auto",
  vida: "Corazón",
};
export const SERVICE_LINE_PAGES = ["fianzas", "seguros"] as const;
export type ServiceLinePage = (typeof SERVICE_LINE_PAGES)[number];
export const SERVICE_LINE_PAGE_LABELS: Record<ServiceLinePage, string> = {
  fianzas: "Fianzas (/fianzas)",
  seguros: "Seguros (/seguros)",
};

/** A testimonial's stars, from 1 to 5 (spec section 1: the landing page shows them). */
export const TESTIMONIAL_RATINGS = [5, 4, 3, 2, 1] as const;

/**
 * Where an item stands: never published (`borrador`), what visitors see (`publicado`), published with
 * a saved draft that differs (`cambios`), or taken off the site after having been on it (`retirado`).
 */
export const SITE_ITEM_STATES = ["borrador", "publicado", "cambios", "retirado"] as const;
export type SiteItemState = (typeof SITE_ITEM_STATES)[number];
export const SITE_ITEM_STATE_LABELS: Record<SiteItemState, string> = {
  borrador: "Borrador",
  publicado: "Publicado",
  cambios: "Cambios sin publicar",
  retirado: "Retirado",
};

/** A page's address part: lower-case words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SITE_LIMITS = {
  title: 80,
  slug: 80,
  description: 2000,
  /** A product with this many features still lays out well at 375 and 1280 px (issue 17). */
  features: 20,
  feature: 200,
  presentations: 20,
  presentation: 120,
  imageAlt: 200,
  phone: 30,
  email: 254,
  addressLine: 120,
  hours: 120,
  quote: 600,
  person: 80,
  role: 120,
  partnerName: 80,
  question: 200,
  answer: 1000,
  partnerDescription: 160,
  serviceDescription: 1200,
  eyebrow: 80,
  highlights: 6,
  highlight: 160,
  heroTitle: 120,
  heroText: 300,
  claim: 120,
  stats: 8,
  statValue: 12,
  statLabel: 40,
  serviceLines: 8,
  serviceLineTitle: 60,
  serviceLineText: 240,
  callToActionTitle: 120,
  callToActionText: 300,
  promises: 6,
  promise: 80,
} as const;

export const SITE_MESSAGES = {
  titleRequired: "Escribe el título del producto",
  titleTooLong: `El título no puede superar los ${SITE_LIMITS.title} caracteres`,
  slugRequired: "Escribe la dirección de la página del producto",
  slugInvalid: "La dirección solo puede tener letras minúsculas sin tildes, números y guiones entre palabras",
  slugTooLong: `La dirección no puede superar los ${SITE_LIMITS.slug} caracteres`,
  descriptionRequired: "Escribe la descripción del producto",
  descriptionTooLong: `La descripción no puede superar los ${SITE_LIMITS.description} caracteres`,
  featureRequired: "Escribe la característica o quítala",
  featureTooLong: `Cada característica puede tener hasta ${SITE_LIMITS.feature} caracteres`,
  tooManyFeatures: `Un producto puede tener hasta ${SITE_LIMITS.features} características`,
  presentationRequired: "Escribe la presentación o quítala",
  presentationTooLong: `Cada presentación puede tener hasta ${SITE_LIMITS.presentation} caracteres`,
  tooManyPresentations: `Un producto puede tener hasta ${SITE_LIMITS.presentations} presentaciones`,
  tabsRequired: "Elige al menos una pestaña del catálogo",
  tabsRepeated: "Cada pestaña se elige una sola vez",
  imageSourceInvalid: "La imagen no es una de las imágenes del sitio",
  imageAltRequired: "Escribe el texto alternativo de la imagen (en español, lo que muestra)",
  imageAltTooLong: `El texto alternativo no puede superar los ${SITE_LIMITS.imageAlt} caracteres`,
  phoneRequired: "Escribe el teléfono",
  phoneInvalid: "Escribe el teléfono con su código de país, por ejemplo +593 2 236 4100",
  whatsappRequired: "Escribe el número de WhatsApp",
  whatsappInvalid: "Escribe el número de WhatsApp con su código de país, por ejemplo +593 99 123 4567",
  emailRequired: "Escribe el correo electrónico",
  emailInvalid: "Escribe un correo electrónico válido",
  addressRequired: "Escribe la dirección completa (calle, ciudad, provincia y país)",
  addressTooLong: `Cada parte de la dirección puede tener hasta ${SITE_LIMITS.addressLine} caracteres`,
  hoursRequired: "Escribe el horario de atención",
  hoursTooLong: `El horario no puede superar los ${SITE_LIMITS.hours} caracteres`,
  badCharacters: "El texto contiene caracteres no válidos",
  slugTaken: "Otro producto ya usa esa dirección: elige otra",
  itemNotFound: "Ese contenido del sitio no existe o fue eliminado",
  kindMismatch: "El contenido enviado no es del tipo de ese elemento",
  changedMeanwhile: "Otra persona cambió este contenido mientras lo editabas. Revisa sus cambios antes de guardar.",
  versionNotFound: "Esa versión publicada no existe",
  onlyListsRetire:
    "Solo los productos, los servicios, los testimonios, las preguntas y los socios se pueden retirar del sitio",
  serviceTitleRequired: "Escribe el nombre del servicio",
  serviceTitleTooLong: `El nombre no puede superar los ${SITE_LIMITS.title} caracteres`,
  serviceDescriptionRequired: "Escribe la descripción del servicio",
  serviceDescriptionTooLong: `La descripción no puede superar los ${SITE_LIMITS.serviceDescription} caracteres`,
  placementInvalid: "Elige si el servicio es un panel o una diapositiva del carrusel",
  eyebrowRequired: "Escribe el antetítulo",
  eyebrowTooLong: `El antetítulo no puede superar los ${SITE_LIMITS.eyebrow} caracteres`,
  highlightRequired: "Escribe el punto destacado o quítalo",
  highlightTooLong: `Cada punto destacado puede tener hasta ${SITE_LIMITS.highlight} caracteres`,
  tooManyHighlights: `Un servicio puede tener hasta ${SITE_LIMITS.highlights} puntos destacados`,
  videoInvalid: "Ese video no es uno de los videos del sitio",
  heroTitleRequired: "Escribe el título principal",
  heroTitleTooLong: `El título principal no puede superar los ${SITE_LIMITS.heroTitle} caracteres`,
  heroTextRequired: "Escribe el texto bajo el título",
  heroTextTooLong: `El texto no puede superar los ${SITE_LIMITS.heroText} caracteres`,
  claimRequired: "Escribe la frase destacada",
  claimTooLong: `La frase destacada no puede superar los ${SITE_LIMITS.claim} caracteres`,
  statsRequired: "Escribe al menos una cifra",
  tooManyStats: `La página puede mostrar hasta ${SITE_LIMITS.stats} cifras`,
  statValueRequired: "Escribe la cifra",
  statValueTooLong: `La cifra no puede superar los ${SITE_LIMITS.statValue} caracteres`,
  statLabelRequired: "Escribe qué mide la cifra",
  statLabelTooLong: `El texto de la cifra no puede superar los ${SITE_LIMITS.statLabel} caracteres`,
  tooManyServiceLines: `La página puede mostrar hasta ${SITE_LIMITS.serviceLines} tarjetas de servicios`,
  serviceLineTitleRequired: "Escribe el título de la tarjeta",
  serviceLineTitleTooLong: `El título de la tarjeta no puede superar los ${SITE_LIMITS.serviceLineTitle} caracteres`,
  serviceLineTextRequired: "Escribe el texto de la tarjeta",
  serviceLineTextTooLong: `El texto de la tarjeta no puede superar los ${SITE_LIMITS.serviceLineText} caracteres`,
  serviceLineIconInvalid: "Elige el icono de la tarjeta",
  serviceLinePageInvalid: "Elige a qué página lleva «Conocer más»",
  callToActionTitleRequired: "Escribe el título de la llamada a la acción",
  callToActionTitleTooLong: `El título no puede superar los ${SITE_LIMITS.callToActionTitle} caracteres`,
  callToActionTextRequired: "Escribe el texto de la llamada a la acción",
  callToActionTextTooLong: `El texto no puede superar los ${SITE_LIMITS.callToActionText} caracteres`,
  promiseRequired: "Escribe la ventaja o quítala",
  promiseTooLong: `Cada ventaja puede tener hasta ${SITE_LIMITS.promise} caracteres`,
  tooManyPromises: `La llamada a la acción puede mostrar hasta ${SITE_LIMITS.promises} ventajas`,
  questionRequired: "Escribe la pregunta",
  questionTooLong: `La pregunta no puede superar los ${SITE_LIMITS.question} caracteres`,
  answerRequired: "Escribe la respuesta",
  answerTooLong: `La respuesta no puede superar los ${SITE_LIMITS.answer} caracteres`,
  partnerNameRequired: "Escribe el nombre del socio",
  partnerNameTooLong: `El nombre no puede superar los ${SITE_LIMITS.partnerName} caracteres`,
  partnerDescriptionRequired: "Escribe qué hace o dónde trabaja el socio",
  partnerDescriptionTooLong: `La descripción no puede superar los ${SITE_LIMITS.partnerDescription} caracteres`,
  partnerGroupInvalid: "Elige si es el socio estratégico o un distribuidor autorizado",
  notPublished: "Ese elemento no está publicado",
  quoteRequired: "Escribe el testimonio",
  quoteTooLong: `El testimonio no puede superar los ${SITE_LIMITS.quote} caracteres`,
  personRequired: "Escribe el nombre de quien da el testimonio",
  personTooLong: `El nombre no puede superar los ${SITE_LIMITS.person} caracteres`,
  roleRequired: "Escribe su cargo y dónde trabaja",
  roleTooLong: `El cargo no puede superar los ${SITE_LIMITS.role} caracteres`,
  ratingInvalid: "Elige de 1 a 5 estrellas",
  previewUnavailable: "La vista previa no está disponible: este servidor no tiene el sitio compilado",
} as const;

/** What the CRM's list calls an item that is not of a list. */
export const SITE_ITEM_TITLES: Record<Exclude<SiteItemKind, SiteListKind>, string> = {
  landing: "Página de inicio",
  "contact-details": "Datos de contacto",
};

/** What the CRM calls a testimonial: by whom it is. */
export const testimonialTitle = (name: string) => `Testimonio de ${name}`;

/**
 * Where a site image may come from: the images shipped with the site (`/images/...`) or those
 * uploaded through the editor (`/media/...`). Never another site, never `data:` or `javascript:`.
 */
export const SITE_IMAGE_SOURCE =
  /^\/(?:images|media)\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:svg|png|jpe?g|webp|avif)$/;

export const SITE_IMAGE_MESSAGES = {
  tooBig: "La imagen no puede superar los 15 MB",
  notAnImage: "El archivo no es una imagen JPEG, PNG o WebP",
  svg: "No se aceptan imágenes SVG: sube una imagen JPEG, PNG o WebP",
  tooManyPixels: "La imagen tiene demasiados píxeles: redúcela a menos de 25 megapíxeles",
  /** Too many pictures wait on this server already (it makes one picture's copies at a time). */
  busy: "Se están procesando otras imágenes. Intenta nuevamente en unos segundos.",
  /** Too many uploads from one account, with how long to wait (`waitText`). */
  tooManyUploads: (wait: string) => `Subiste demasiadas imágenes seguidas. Intenta nuevamente en ${wait}.`,
  notFound: "Esa imagen no existe",
  unsupportedType: "Tipo de contenido no admitido: envía una imagen JPEG, PNG o WebP.",
} as const;

/** A phone number as people write it, with its country code: `+593 2 236 4100`, `+593 (99) 123-4567`. */
export const PHONE_AS_WRITTEN = /^\+\d[\d ()-]{6,24}\d$/;
