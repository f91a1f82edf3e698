// The spec's 13 products (section 3) and contact details, as a fresh install shows them: what the
// browser tests expect of the catalogue until a test of `Sitio web` publishes a change (those run
// after the others, playwright.config.ts). The site itself reads them from its database.

export type SpecProduct = {
  slug: string;
  title: string;
  /** The contact form's service type this product is requested as. */
  serviceType: string;
  description: string;
  features: string[];
  presentation?: string[];
  /** personales = "Protección de Cultivos", empresariales = "Postcosecha". */
  types: ("personales" | "empresariales")[];
  state: "Popular" | "Nuevo";
};

export const products: SpecProduct[] = [
  {
    slug: "bioestimulantes",
    title: "Bioestimulantes",
    serviceType: "Bioestimulantes",
    description:
      "Portafolio de bioestimulantes Fortify, Alpha y Fundament para plantas más fuertes, con mejor enraizamiento y mayor tolerancia al estrés durante todo el ciclo del cultivo.",
    features: [
      "Fortify: refuerza la pared celular",
      "Alpha: impulsa el crecimiento activo",
      "Fundament: mejora el desarrollo radicular",
      "Compatible con programas de fertirriego",
    ],
    presentation: ["Fortify", "Alpha", "Fundament"],
    types: ["personales"],
    state: "Popular",
  },
  {
    slug: "danisaraba",
    title: "Danisaraba",
    serviceType: "Danisaraba",
    description:
      "Acaricida de acción rápida para el control de ácaros en rosas y otras flores de corte, eficaz sobre huevos, ninfas y adultos con un efecto residual prolongado.",
    features: ["Dosis: 0,75 mL/L", "Actúa sobre todos los estados del ácaro", "Efecto residual prolongado"],
    presentation: ["Frasco de 500 ml"],
    types: ["personales"],
    state: "Popular",
  },
  {
    slug: "chrysal-viva",
    title: "Chrysal VIVA",
    serviceType: "Chrysal VIVA",
    description:
      "Nutrición que mejora la calidad del tallo y del botón desde el cultivo, para que las flores lleguen a la poscosecha con más vigor y duren más en el florero.",
    features: ["Dosis: 1 a 4 mL/L", "Tallos más firmes y follaje más verde", "Más vida en florero"],
    presentation: ["Botella de 1 L"],
    types: ["personales", "empresariales"],
    state: "Nuevo",
  },
  {
    slug: "chrysal-intensive",
    title: "Chrysal Intensive",
    serviceType: "Chrysal Intensive",
    description:
      "Solución de hidratación intensiva para la sala de poscosecha que asegura una absorción rápida de agua justo después del corte y previene el bloqueo de los tallos.",
    features: ["Hidratación rápida tras el corte", "Previene el bloqueo vascular", "Para rosas y flores de verano"],
    types: ["empresariales"],
    state: "Popular",
  },
  {
    slug: "chrysal-transport-stickers",
    title: "Chrysal Transport Stickers",
    serviceType: "Chrysal Transport Stickers",
    description:
      "Etiquetas que liberan un tratamiento protector dentro de la caja durante el transporte en seco, reduciendo la deshidratación y el estrés del envío.",
    features: ["Se colocan en segundos en cada caja", "Protección durante el transporte en seco"],
    presentation: ["Rollo de 2000 etiquetas"],
    types: ["empresariales"],
    state: "Nuevo",
  },
  {
    slug: "chrysal-avb",
    title: "Chrysal AVB y AVB Booster",
    serviceType: "Chrysal AVB y AVB Booster",
    description:
      "Tratamiento anti-etileno para flores sensibles que evita la caída de botones y pétalos y el marchitamiento prematuro; AVB Booster refuerza la protección en envíos largos.",
    features: [
      "Bloquea los efectos del etileno",
      "AVB Booster para una protección reforzada",
      "Ideal para claveles y flores de verano",
      "Se aplica durante la hidratación",
    ],
    types: ["empresariales"],
    state: "Popular",
  },
  {
    slug: "chrysal-arrive-alive",
    title: "Chrysal Arrive Alive",
    serviceType: "Chrysal Arrive Alive",
    description:
      "Solución para el transporte en agua que mantiene las flores hidratadas y alimentadas desde la finca hasta el comprador final.",
    features: ["Transporte en cubeta o en agua", "Controla el crecimiento bacteriano", "Flores frescas al llegar"],
    types: ["empresariales"],
    state: "Popular",
  },
  {
    slug: "chrysal-essential",
    title: "Chrysal Essential",
    serviceType: "Chrysal Essential",
    description:
      "Alimento floral que aporta los azúcares y nutrientes que la flor necesita para abrir por completo, mantener sus colores y durar más días en el florero.",
    features: ["Apertura completa del botón", "Colores más intensos", "Más días de vida en florero"],
    types: ["empresariales"],
    state: "Popular",
  },
  {
    slug: "chrysal-freshliner",
    title: "Chrysal FreshLiner",
    serviceType: "Chrysal FreshLiner",
    description:
      "Lámina para cajas de exportación que mantiene una humedad equilibrada alrededor de las flores durante el transporte y el almacenamiento en frío.",
    features: ["Equilibra la humedad en la caja", "Reduce la deshidratación", "Para cajas estándar de exportación"],
    types: ["empresariales"],
    state: "Nuevo",
  },
  {
    slug: "chrysal-hvb",
    title: "Chrysal HVB",
    serviceType: "Chrysal HVB",
    description:
      "Tratamiento de hidratación para flores de bulbo y de verano que favorece la absorción de agua y evita el amarillamiento de las hojas.",
    features: ["Previene hojas amarillas", "Mejor absorción de agua", "Para flores de bulbo y de verano"],
    types: ["empresariales"],
    state: "Nuevo",
  },
  {
    slug: "chrysal-rvb",
    title: "Chrysal RVB y RVB Clear",
    serviceType: "Chrysal RVB y RVB Clear",
    description:
      "Soluciones de hidratación para rosas: RVB favorece la absorción de agua en la sala de poscosecha y RVB Clear lo hace sin dejar residuos visibles en el follaje.",
    features: [
      "Formulado para rosas",
      "RVB Clear: sin residuos visibles",
      "Reduce el cuello doblado",
      "Uso en la sala de poscosecha",
    ],
    types: ["empresariales"],
    state: "Popular",
  },
  {
    slug: "chrysal-solucion-inicial",
    title: "Chrysal Solución Inicial",
    serviceType: "Chrysal Solucion Inicial",
    description:
      "Solución de arranque para la primera hidratación después del corte: mantiene limpios los vasos del tallo y prepara la flor para el resto de la cadena de frío.",
    features: ["Primera hidratación tras el corte", "Mantiene limpios los vasos del tallo"],
    types: ["empresariales"],
    state: "Nuevo",
  },
  {
    slug: "chrysal-eb-sheets",
    title: "Chrysal EB Sheets",
    serviceType: "Chrysal EB Sheets",
    description:
      "Láminas que absorben el etileno dentro de la caja y protegen a las flores sensibles durante el transporte y el almacenamiento prolongado.",
    features: ["Absorben el etileno en la caja", "Protección en envíos largos", "Fáciles de colocar"],
    presentation: ["Rollos de 1800 láminas"],
    types: ["empresariales"],
    state: "Nuevo",
  },
];

/** The contact details a fresh install publishes (`Sitio web`, `Datos de contacto`). */
export const contactDetails = {
  phone: "+593 2 236 4100",
  whatsapp: "+593 99 123 4567",
  email: "info@florapro.ec",
  address: { street: "Av. Panamericana Norte km 5", city: "Cayambe", region: "Pichincha", country: "Ecuador" },
  hours: "Lunes a viernes, 08:00 a 17:30",
};
