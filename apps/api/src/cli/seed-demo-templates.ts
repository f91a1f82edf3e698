// `npm run db:seed -- --demo`: three reply templates a Chrysal distributor's team would use, so the
// `Plantilla` picker has something to offer. Written through the same schema as the Plantillas
// screen; a name already there is left as it is (a second run adds nothing).
import { replyTemplateInputSchema } from "@app/shared";
import type { Db } from "../db/client.ts";
import { replyTemplates } from "../db/schema/index.ts";

/** The reply email already starts with "Hola {nombre}:" and ends with the signature: these are the middle. */
export const DEMO_TEMPLATES = [
  {
    name: "Primera respuesta con información técnica",
    body: [
      "Gracias por escribirnos y por su interés en {productos}. Con gusto le compartimos la ficha técnica y las dosis recomendadas para las variedades que maneja {empresa}.",
      "",
      "Para ajustar la recomendación a su poscosecha, ¿podría indicarnos cuántas hectáreas cultiva, las variedades principales y a qué mercados exporta?",
      "",
      "Quedamos atentos a su respuesta.",
    ].join("\n"),
  },
  {
    name: "Cotización en preparación",
    body: [
      "Mi nombre es {responsable} y acompañaré a {empresa} en su consulta sobre {productos}. Le enviaremos la cotización en un plazo de 24 horas hábiles; incluye el acompañamiento técnico en finca durante la primera aplicación.",
      "",
      "Para calcular las cantidades, ¿podría confirmarnos el volumen aproximado de tallos por semana y si su carga sale por vía aérea o marítima?",
    ].join("\n"),
  },
  {
    name: "Visita técnica a la finca",
    body: [
      "Nos gustaría coordinar una visita técnica a {empresa} para revisar en campo la hidratación y el manejo de {productos} en su sala de poscosecha.",
      "",
      "Nuestros técnicos visitan fincas en Cayambe, Tabacundo, Latacunga y sus alrededores de lunes a viernes. ¿Qué día de la próxima semana le resulta conveniente?",
    ].join("\n"),
  },
] as const;

/** Adds the demo templates that are missing (by name); answers how many it added. Nobody wrote them. */
export async function ensureDemoTemplates(db: Db): Promise<number> {
  const rows = DEMO_TEMPLATES.map((template) => replyTemplateInputSchema.parse(template));
  const inserted = await db
    .insert(replyTemplates)
    .values(rows)
    .onConflictDoNothing({ target: replyTemplates.name })
    .returning({ id: replyTemplates.id });
  return inserted.length;
}
