import { paths } from "~/lib/paths";

export const navLinks = [
  { label: "Productos", to: paths.homeSection("productos") },
  { label: "Servicios", to: paths.homeSection("servicios") },
  { label: "Socios", to: paths.homeSection("socios") },
] as const;
