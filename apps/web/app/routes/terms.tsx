import { termsOfUse } from "~/content/legal";
import { LegalPage } from "~/features/pages/legal-page";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: termsOfUse.title, description: "Condiciones de uso del sitio web.", path: paths.terms });

export default function Terms() {
  return <LegalPage {...termsOfUse} />;
}
