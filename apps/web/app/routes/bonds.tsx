import { bondsPage } from "~/content/coverage";
import { CoveragePage } from "~/features/pages/coverage-page";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/bonds";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: bondsPage.title, description: bondsPage.description, path: paths.bonds });

export default function Bonds() {
  return <CoveragePage page={bondsPage} />;
}
