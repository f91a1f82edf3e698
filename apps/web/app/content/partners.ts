export type Partner = { name: string; description: string };

export const strategicPartner: Partner = {
  name: "Chrysal International",
  description: "Más de 95 años de innovación en el cuidado de las flores",
};

export const authorizedDistributors: Partner[] = [
  { name: "AgroAndes Distribuciones", description: "Sierra norte y centro" },
  { name: "Florícola del Pacífico", description: "Costa y sur del país" },
];
