import { redirect } from "react-router";
import { paths } from "~/lib/paths";

// Unknown paths lead home (the spec's route table). The server answers them with a 404 whose page goes
// home by itself; this route is for a client-side navigation to one.
export async function clientLoader() {
  throw redirect(paths.home);
}

export default function NotFound() {
  return null;
}
