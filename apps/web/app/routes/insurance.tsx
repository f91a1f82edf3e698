import { insurancePage } from "~/content/coverage";
import { CoveragePage } from "~/features/pages/coverage-page";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/insurance";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: insurancePage.title, description: insurancePage.description, path: paths.insurance });

export default function Insurance() {
  return <CoveragePage page={insurancePage} />;
}
