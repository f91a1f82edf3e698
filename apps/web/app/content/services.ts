import type { ServiceTypeTitle } from "@app/shared/constants";

export type ServicePanel = {
  id: string;
  title: string;
  serviceType: ServiceTypeTitle;
  eyebrow: string;
  description: string;
  highlights: string[];
  image?: string;
  video?: { src: string; poster: string };
};

export const servicePanels: ServicePanel[] = [
  {
    id: "modelos-predictivos",
    title: "Sistemas de Modelos Predictivos",
    serviceType: "Sistemas de Modelos Predictivos",
    eyebrow: "Inteligencia artificial",
    description:
      "Modelos de inteligencia artificial entrenados con los datos de su finca y de su poscosecha para anticipar la producción, detectar riesgos de calidad y estimar la vida en florero antes de que la flor salga al mercado.",
    highlights: [
      "Pronóstico de cosecha por variedad y bloque",
      "Alertas tempranas de botrytis y deshidratación",
      "Estimación de vida en florero por destino",
    ],
    image: "/images/services/ai-models.svg",
  },
  {
    id: "aqua-care",
    title: "Aqua Care Technology",
    serviceType: "Aqua Care Technology",
    eyebrow: "Tratamiento de agua",
    description:
      "Tecnología de tratamiento del agua de hidratación que reduce la carga bacteriana, estabiliza el pH y alarga la vida útil de las soluciones, con menos consumo de producto y de agua.",
    highlights: [
      "Agua limpia y estable en cada cubeta",
      "Menor consumo de soluciones de hidratación",
      "Monitoreo continuo de la calidad del agua",
    ],
    video: { src: "/media/aqua-care.webm", poster: "/media/aqua-care-poster.webp" },
  },
];

export type CarouselSlide = {
  title: string;
  serviceType: ServiceTypeTitle;
  subtitle: string;
  description: string;
  image: string;
};

export const carouselSlides: CarouselSlide[] = [
  {
    title: "Chrysal Rose Dip",
    serviceType: "Chrysal Rose Dip",
    subtitle: "Protección contra botrytis",
    description:
      "Inmersión de los botones de rosa que los protege de la botrytis durante el transporte y el almacenamiento, sin manchas ni residuos en los pétalos.",
    image: "/images/services/rose-dip.svg",
  },
  {
    title: "Long Storage Service",
    serviceType: "Long Storage Service",
    subtitle: "Almacenamiento prolongado",
    description:
      "Protocolos y productos para conservar las flores en frío durante semanas y liberar el inventario en las fechas de mayor demanda sin perder calidad.",
    image: "/images/services/long-storage.svg",
  },
  {
    title: "Sea Freight Service",
    serviceType: "Sea Freight Service",
    subtitle: "Transporte marítimo",
    description:
      "Acompañamiento técnico para exportar flores por vía marítima en contenedores refrigerados: preparación, empaque y tratamientos para viajes largos.",
    image: "/images/services/sea-freight.svg",
  },
];
