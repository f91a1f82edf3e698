import { privacyNotice } from "~/content/legal";
import { LegalPage } from "~/features/pages/legal-page";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: privacyNotice.title,
    description: "Cómo tratamos sus datos personales y cómo ejercer sus derechos según la LOPDP del Ecuador.",
    path: paths.privacy,
  });

export default function Privacy() {
  return (
    <LegalPage
      title={privacyNotice.title}
      intro={privacyNotice.intro}
      sections={privacyNotice.sections}
      footnote={`Versión del aviso: ${privacyNotice.version}`}
    />
  );
}
