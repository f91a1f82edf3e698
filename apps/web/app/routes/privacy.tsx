import { PRIVACY_TITLE, privacyNotice } from "~/content/legal";
import { formatAddress } from "~/content/site";
import { LegalPage } from "~/features/pages/legal-page";
import { pageMeta } from "~/features/seo/page-meta";
import { useContactDetails } from "~/lib/contact-details";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: PRIVACY_TITLE,
    description: "Cómo tratamos sus datos personales y cómo ejercer sus derechos según la LOPDP del Ecuador.",
    path: paths.privacy,
  });

export default function Privacy() {
  const notice = privacyNotice(formatAddress(useContactDetails().address));
  return (
    <LegalPage
      title={notice.title}
      intro={notice.intro}
      sections={notice.sections}
      footnote={`Versión del aviso: ${notice.version}`}
    />
  );
}
