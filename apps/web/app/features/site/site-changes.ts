// Which fields of an item someone else changed (the 409 of a stale save), in the editor's words,
// and which form field an API error's path (`content.image.alt`) belongs to.

const LABELS: Record<string, string> = {
  title: "Título",
  placement: "Dónde se muestra",
  eyebrow: "Antetítulo",
  slug: "Dirección de la página",
  description: "Descripción",
  features: "Características",
  presentations: "Presentaciones",
  tabs: "Pestañas del catálogo",
  badge: "Distintivo",
  highlights: "Puntos destacados",
  video: "Video",
  image: "Imagen",
  hero: "Portada",
  stats: "Cifras",
  serviceLines: "Tarjetas de servicios",
  callToAction: "Llamada a la acción",
  phone: "Teléfono",
  whatsapp: "WhatsApp",
  email: "Correo electrónico",
  address: "Dirección",
  hours: "Horario de atención",
};

/** The labels of the top-level fields whose values differ, in the editor's order. */
export function changedFields(before: object, after: object) {
  // Stored JSON keeps its keys in an order of its own: the editor's order comes from LABELS.
  const keys = [...new Set([...Object.keys(LABELS), ...Object.keys(before), ...Object.keys(after)])];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).map((key) => LABELS[key] ?? key);
}

/** `content.features.2` -> `features`, `content.image.alt` -> `imageAlt`, `content.address.city` -> `city`. */
export function formFieldOf(path: string) {
  const parts = path.split(".");
  if (parts[0] === "content") parts.shift();
  if (parts[0] === "image") return "imageAlt";
  if (parts[0] === "address" && parts[1]) return parts[1];
  return parts[0] ?? "";
}
