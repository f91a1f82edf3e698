import { redirect } from "react-router";
import { paths } from "~/lib/paths";

// Unknown paths lead home (the spec's route table); the server does the same with a 302.
export async function clientLoader() {
  throw redirect(paths.home);
}

export default function NotFound() {
  return null;
}
