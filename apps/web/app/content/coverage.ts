// Copy of the /fianzas and /seguros pages, the targets of the landing's service cards.

export type CoveragePage = {
  title: string;
  description: string;
  intro: string;
  items: { title: string; text: string }[];
};

export const bondsPage: CoveragePage = {
  title: "Fianzas",
  description:
    "Fianzas de cumplimiento, de buen uso de anticipo y aduaneras para contratos de suministro y exportación de flores en Ecuador.",
  intro:
    "Acompañamos a fincas y exportadoras en los contratos que exigen una garantía: gestionamos la fianza adecuada con aseguradoras autorizadas por la Superintendencia de Compañías, Valores y Seguros.",
  items: [
    {
      title: "Fiel cumplimiento de contrato",
      text: "Garantiza a su cliente que el suministro pactado se entregará en la cantidad, la calidad y las fechas acordadas.",
    },
    {
      title: "Buen uso de anticipo",
      text: "Respalda los anticipos que recibe para una temporada alta, como San Valentín o el Día de la Madre.",
    },
    {
      title: "Garantías aduaneras",
      text: "Cubre las obligaciones ante el SENAE en regímenes especiales de importación de insumos.",
    },
  ],
};

export const insurancePage: CoveragePage = {
  title: "Seguros",
  description:
    "Seguros empresariales, de hogar, de auto y de vida pensados para floricultores y exportadores de flores del Ecuador.",
  intro:
    "Cuatro líneas de seguros para proteger lo que hace posible cada exportación: la finca, las familias, los vehículos y las personas.",
  items: [
    {
      title: "Seguro Empresarial",
      text: "Incendio, daños a invernaderos por viento o granizo, rotura de maquinaria y pérdida de frío en la sala de poscosecha.",
    },
    {
      title: "Seguro de Hogar",
      text: "Vivienda y contenidos frente a incendio, robo y daños por agua, con asistencia domiciliaria las 24 horas.",
    },
    {
      title: "Seguro de Auto",
      text: "Camiones y vehículos de la finca con cobertura de daños, robo, responsabilidad civil y asistencia en carretera.",
    },
    {
      title: "Seguro de Vida",
      text: "Vida y asistencia médica para usted y su equipo de trabajo, con planes colectivos a la medida de la finca.",
    },
  ],
};
