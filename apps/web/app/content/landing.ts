// The copy of the landing page. The spec keeps the insurance-style wording of the original
// template beside the flower-industry branding; both stay as they are (spec section 1).

export const hero = {
  eyebrow: "Distribuidor autorizado Chrysal en Ecuador",
  title: "Ayudamos a la naturaleza a dar lo mejor de sí",
  text: "Productos de poscosecha y protección de cultivos para que cada flor ecuatoriana llegue fresca a cualquier lugar del mundo.",
  claim: "Más de 95 años de innovación en el cuidado de las flores",
  primary: "Ver productos",
  secondary: "Nuestros servicios",
  videoCount: 5,
};

export const stats = [
  { value: "15+", label: "Años de experiencia" },
  { value: "5,000+", label: "Clientes satisfechos" },
  { value: "98%", label: "Tasa de renovación" },
  { value: "24/7", label: "Soporte" },
];

export type ServiceLine = { id: string; title: string; text: string; href: "bonds" | "insurance" };

export const serviceLines: ServiceLine[] = [
  {
    id: "fianzas",
    title: "Fianzas",
    text: "Garantías de cumplimiento y de buen uso de anticipo para sus contratos de suministro y exportación de flores.",
    href: "bonds",
  },
  {
    id: "seguro-empresarial",
    title: "Seguro Empresarial",
    text: "Protección para su finca, sus invernaderos y su sala de poscosecha frente a los imprevistos del negocio.",
    href: "insurance",
  },
  {
    id: "seguro-hogar",
    title: "Seguro de Hogar",
    text: "Tranquilidad para las familias que trabajan en el campo: su vivienda y sus bienes, protegidos.",
    href: "insurance",
  },
  {
    id: "seguro-auto",
    title: "Seguro de Auto",
    text: "Cobertura para los vehículos que llevan sus flores de la finca al aeropuerto, todos los días.",
    href: "insurance",
  },
  {
    id: "seguro-vida",
    title: "Seguro de Vida",
    text: "Respaldo para usted y su equipo, porque detrás de cada flor hay personas que la cuidan.",
    href: "insurance",
  },
];

export const callToAction = {
  title: "¿Listo para proteger lo que más valora?",
  text: "Hable con un asesor técnico y reciba una propuesta para su finca o su empresa exportadora.",
  promises: [
    "Asesoría gratuita y sin compromiso",
    "Respuesta en menos de 24 horas",
    "Soluciones personalizadas",
    "Acompañamiento en caso de siniestros",
  ],
  quote: "Solicitar cotización",
  call: "Llamar ahora",
};
