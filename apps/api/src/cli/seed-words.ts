// The vocabulary of the seeding script (`npm run db:seed`): names, flower farms and exporters, places,
// and the pieces of the messages growers write. Invented, but what staff would see on a real day.

import type { LostReason, Stage } from "@app/shared/constants";

/** Lower case without accents, as an address is written: "Núñez" -> "nunez". */
export const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** A comma-separated list written over several lines. */
const list = (text: string) =>
  text
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word.length > 0);

export const FIRST_NAMES = list(`
  María, José, Juan, Luis, Carlos, Ana, Jorge, Andrea, Diego, Gabriela, Fernando, Verónica, Patricio,
  Daniela, Andrés, Paola, Ramiro, Lucía, Santiago, Mónica, Xavier, Cristina, Marco, Sofía, Esteban,
  Valeria, Iván, Carolina, Rubén, Natalia, Hernán, Silvia, Fabián, Jimena, Germán, Rocío, Óscar,
  Inés, Raúl, Belén, Mauricio, Elena, Wilson, Lorena, Darío, Tatiana, Édgar, Mariela, Gonzalo, Pilar,
  Alejandro, Fernanda, Víctor, Estefanía, Rodrigo, Alicia, Galo, Soledad, Julián, Ángela, Sebastián,
  Karina, Nicolás, Isabel, Tomás, Rosa, Joaquín, Martha, Álvaro, Ximena
`);

export const LAST_NAMES = list(`
  Rodríguez, Núñez, Peña, González, Pérez, Sánchez, Ramírez, Torres, Flores, Vásquez, Jaramillo,
  Andrade, Cevallos, Guerrero, Espinosa, Chávez, Benítez, Muñoz, Salazar, Mejía, Castillo, Ortiz,
  Zambrano, Villacís, Mora, Narváez, Paredes, Córdova, Herrera, Ibarra, Albán, Almeida, Vega,
  Cárdenas, Yépez, Calderón, Montalvo, Proaño, Endara, Báez, Cueva, Cisneros, León, Tapia, Villalba,
  Sáenz, Borja, Ordóñez, Quishpe, Tituaña, Caiza, Toapanta, Chiriboga, Egas, Larrea, Viteri, Ponce,
  Solís, Montúfar, Álvarez
`);

/** Buyers abroad sign with their own names. */
export const FOREIGN_PEOPLE: Record<string, { first: readonly string[]; last: readonly string[] }> = {
  "+31": {
    first: ["Jan", "Sanne", "Pieter", "Anouk", "Bram", "Femke"],
    last: ["de Vries", "Bakker", "Jansen", "Visser", "van Dijk", "Smit"],
  },
  "+81": {
    first: ["Hiroshi", "Yuki", "Takeshi", "Aiko", "Kenji", "Haruka"],
    last: ["Tanaka", "Sato", "Suzuki", "Watanabe", "Ito", "Kobayashi"],
  },
};

/** Where the farms are: the flower valleys of the Ecuadorian highlands. */
export const PLACES = list(`
  Cotopaxi, Cayambe, Tabacundo, El Quinche, Pichincha, Latacunga, Machachi, Imbabura, Tumbaco,
  Puembo, Guayllabamba, Ibarra, Otavalo, Lasso, Salcedo, Pujilí, Mulaló, Checa, Yaruquí, El Ángel,
  Tupigachi, Cangahua, Ayora, Pifo, Sangolquí, Ambato, Píllaro, Riobamba, Azuay, Paute
`);

/** Invented farm and exporter names: `${prefix} ${place}${suffix}`. */
export const COMPANY_PREFIXES = [
  "Rosas del",
  "Flores de",
  "Florícola",
  "Hacienda",
  "Plantaciones",
  "Agrícola",
  "Jardines de",
  "Exportadora",
  "Rosas de",
  "Bouquets",
] as const;
export const COMPANY_SUFFIXES = [" S.A.", " Cía. Ltda.", " S.A.S.", " S.A.", " Cía. Ltda.", ""] as const;

/** Every farm name with the domain of its addresses, e.g. "Rosas del Cotopaxi", rosasdelcotopaxi.com. */
export const FARMS = COMPANY_PREFIXES.flatMap((prefix, p) =>
  PLACES.map((place, q) => ({
    name: `${prefix} ${place}`,
    domain: `${plain(prefix)}${plain(place)}.${(p + q) % 3 === 0 ? "com.ec" : "com"}`,
  })),
);

/** Buyers abroad, by country code, with the domain of their addresses. */
export const FOREIGN_COMPANIES: Record<string, readonly { name: string; domain: string }[]> = {
  "+1": [
    { name: "Miami Bloom Imports LLC", domain: "miamibloom.com" },
    { name: "Sunrise Floral Distributors Inc.", domain: "sunrisefloral.com" },
    { name: "Andean Roses USA LLC", domain: "andeanroses.com" },
  ],
  "+57": [
    { name: "Flores de la Sabana S.A.S.", domain: "floresdelasabana.com.co" },
    { name: "Cultivos Bogotá Flor S.A.S.", domain: "bogotaflor.com.co" },
    { name: "Rionegro Farms S.A.S.", domain: "rionegrofarms.co" },
  ],
  "+31": [
    { name: "Aalsmeer Flower Trading B.V.", domain: "aalsmeertrading.nl" },
    { name: "Holland Bloemen Import B.V.", domain: "hollandbloemen.nl" },
  ],
  "+81": [
    { name: "Tokyo Hana Trading K.K.", domain: "tokyohana.co.jp" },
    { name: "Osaka Flower Import K.K.", domain: "osakaflower.co.jp" },
  ],
};

/** Country codes with their weight (of 100) and the digits of a mobile number there. */
export const COUNTRIES = [
  { code: "+593", weight: 84, digits: 9, lead: "9" },
  { code: "+1", weight: 5, digits: 10, lead: "305" },
  { code: "+57", weight: 5, digits: 10, lead: "3" },
  { code: "+31", weight: 3, digits: 9, lead: "6" },
  { code: "+81", weight: 3, digits: 10, lead: "90" },
] as const;

export const MAIL_DOMAINS = [
  "gmail.com",
  "hotmail.com",
  "yahoo.com",
  "outlook.com",
  "gmail.com",
  "hotmail.es",
] as const;

export const CROPS = list(`
  rosas, claveles, gypsophila, crisantemos, alstroemerias, hortensias, lisianthus, girasoles,
  flores de verano, minicláveles
`);

export const MARKETS = list(`
  Estados Unidos, Rusia, Holanda, Canadá, Japón, Chile, España, Italia, Ucrania, Kazajistán
`);

export const GREETINGS = [
  "Buenos días.",
  "Buenas tardes.",
  "Estimados señores:",
  "Hola.",
  "Saludos cordiales.",
  "Buen día.",
  "Estimado equipo:",
  "Buenas noches.",
] as const;

export const REQUESTS = [
  "Quisiera recibir información sobre",
  "Solicito una cotización de",
  "Nos interesa conocer precios y disponibilidad de",
  "Me gustaría coordinar una visita técnica para hablar de",
  "Necesitamos asesoría sobre el uso de",
  "Queremos probar",
  "Por favor envíennos la ficha técnica de",
  "Estamos evaluando cambiar de proveedor y nos interesa",
] as const;

export const DETAILS = [
  "Tenemos problemas de botrytis en los envíos largos.",
  "Actualmente usamos otro producto y la vida en florero no es la esperada.",
  "Buscamos mejorar la hidratación en poscosecha.",
  "Nos gustaría saber si ofrecen capacitación al personal de poscosecha.",
  "Necesitamos el producto antes de fin de mes.",
  "Los clientes reclaman cabeceo en las rosas al llegar a destino.",
  "Queremos reducir las pérdidas por deshidratación en la cadena de frío.",
  "¿Cuál es el pedido mínimo y el tiempo de entrega?",
  "¿Tienen distribuidor cerca de nuestra finca?",
  "Nos recomendaron sus productos en una feria del sector.",
] as const;

export const CLOSINGS = [
  "Quedo atento a su respuesta.",
  "Gracias de antemano.",
  "Saludos.",
  "Espero su pronta respuesta.",
  "Muchas gracias.",
  "Quedo atenta a sus comentarios.",
] as const;

export const REPLIES = [
  "Gracias por su interés. Le enviamos a su correo la ficha técnica y la lista de precios; un asesor técnico le llamará esta semana.",
  "Con gusto. Adjuntamos la cotización solicitada, válida por 30 días. Quedamos atentos para coordinar la entrega.",
  "Gracias por escribirnos. Podemos visitar su finca el próximo martes para revisar el proceso de poscosecha.",
  "Le confirmamos disponibilidad inmediata. El pedido mínimo es de una caja; el despacho se hace en 48 horas.",
  "Gracias por su consulta. Le enviamos el protocolo de aplicación y le invitamos a nuestra capacitación mensual en Cayambe.",
] as const;

export const REJECTION_REASONS = [
  "Producto sin registro para ese destino",
  "Solicitud duplicada",
  "Fuera de nuestra zona de distribución",
  "El cliente ya no está interesado",
  "Datos de contacto no válidos",
] as const;

/** What bots leave in the form (they fill the honeypot): kept for review, never answered. */
export const SPAM_MESSAGES = [
  "Compre seguidores y visitas para su web a precios increíbles, oferta solo hoy.",
  "Posicione su página en el primer lugar de Google en 7 días garantizado.",
  "Gane dinero desde casa con inversiones en criptomonedas, escríbanos ya.",
  "Préstamos rápidos sin buró de crédito, respuesta en 5 minutos.",
] as const;

export const SOURCE_PAGES = ["/contacto", "/productos", "/servicios", "/"] as const;

/** Staff of the supplier: the demo's accounts (username, name) and the bulk data's sales team. */
export const DEMO_STAFF = [
  { username: "carolina", displayName: "Carolina Vásquez" },
  { username: "diego", displayName: "Diego Andrade" },
  { username: "monica", displayName: "Mónica Jaramillo" },
  { username: "patricio", displayName: "Patricio Cevallos" },
] as const;

export const BULK_STAFF = [
  "Andrea Salazar",
  "Xavier Montalvo",
  "Lorena Endara",
  "Rodrigo Proaño",
  "Verónica Chiriboga",
  "Galo Villacís",
  "Estefanía Larrea",
  "Fernando Yépez",
] as const;

/** Where staff addresses are: the supplier's own domain. */
export const STAFF_DOMAIN = "florapro.ec";

/** What staff plan to do next for a contact (`Nueva tarea`). */
export const TASK_TITLES = [
  "Llamar para confirmar que recibió la cotización",
  "Enviar la ficha técnica y la hoja de seguridad",
  "Coordinar la visita técnica a la finca",
  "Enviar cotización con precio por volumen",
  "Dar seguimiento a la propuesta enviada",
  "Enviar muestras para la prueba de vida en florero",
  "Revisar con el cliente los resultados de la prueba",
  "Preparar la propuesta para la temporada de San Valentín",
  "Confirmar los datos de facturación",
  "Agendar la capacitación al personal de poscosecha",
  "Llamar al jefe de poscosecha",
  "Confirmar la fecha de entrega del pedido",
] as const;

/** The done task that goes with reaching a stage. */
export const STAGE_TASKS: Partial<Record<Stage, string>> = {
  cotizacion: "Enviar cotización con precio por volumen",
  negociacion: "Revisar con el cliente los resultados de la prueba",
  ganado: "Confirmar la fecha de entrega del pedido",
};

/** Staff's internal notes (`Nota interna`). */
export const NOTES = [
  "Hablé por teléfono: manejan unas 400 cajas semanales y quieren precio por volumen.",
  "Prefiere que le escribamos por WhatsApp antes de las 10:00.",
  "Usan un producto de la competencia y no están contentos con la vida en florero en destino.",
  "Pidió muestras para probar en dos variedades de rosa, Freedom y Explorer.",
  "Las compras las decide el gerente de la finca; nuestro contacto es el jefe de poscosecha.",
  "Visitamos la finca: cuarto frío pequeño; recomendamos hidratación y capacitación al personal.",
  "Pagan a 30 días. Pedir referencias comerciales antes del primer despacho.",
  "Interesados en la promoción de San Valentín; volver a llamar a mediados de enero.",
  "Trabajan hace años con otro distribuidor: la decisión depende del precio final.",
  "Le envié la cotización por correo y confirmó que la recibió.",
  "Exportan sobre todo a Rusia y Kazajistán: les preocupa la deshidratación en vuelos largos.",
  "Quiere una demostración para su equipo de poscosecha antes de decidir.",
] as const;

/** What a call noted when staff reached the person by phone before any email. */
export const PHONE_NOTES = [
  "Llamé por teléfono: le interesa, pide que le enviemos la información por correo.",
  "Hablamos por teléfono; quedamos en visitar la finca la próxima semana.",
  "Contestó la secretaria; el encargado de poscosecha devuelve la llamada mañana.",
] as const;

/** The free text beside each `Perdido` reason (LOST_REASONS). */
export const LOST_NOTES: Record<LostReason, readonly string[]> = {
  precio: ["La competencia ofreció un 12 % menos por volumen.", "El precio por caja no le cierra para este año."],
  competencia: [
    "Se quedó con su proveedor de siempre.",
    "Eligió a otro distribuidor que entrega en la finca sin costo.",
  ],
  sin_respuesta: ["Tres llamadas y dos correos sin respuesta.", "No volvió a contestar después de la cotización."],
  sin_presupuesto: [
    "Posterga la compra hasta la próxima temporada.",
    "Este año no tienen presupuesto para poscosecha.",
  ],
  no_disponible: [
    "Pedía un producto sin registro para su mercado de destino.",
    "Necesitaba el producto esta semana y no teníamos stock.",
  ],
  otro: ["La finca dejó de exportar este año.", "Cambiaron de cultivo y ya no necesitan el producto."],
};
