import type { SiteItem } from "@app/shared";
import { SITE_ITEM_STATE_LABELS, SITE_ITEM_TITLES, type SiteListKind, testimonialTitle } from "@app/shared/constants";
import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { editsSite, loadForStaff } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { NEW_SITE_ITEMS, newKindAt } from "~/features/site/new-site-items";
import {
  createSiteItem,
  loadSiteItem,
  loadSitePublications,
  publishSiteItem,
  restoreSitePublication,
  retireSiteItem,
  saveSiteDraft,
} from "~/features/site/site-api";
import { type SiteIntent, SiteItemEditor } from "~/features/site/site-item-editor";
import { SitePublications } from "~/features/site/site-publications";
import { paths } from "~/lib/paths";
import { settle, useRouteAction } from "~/lib/route-action";
import type { Route } from "./+types/crm-site-item";

export const meta = () => crmMeta("Sitio web");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async (user) => {
    // `/crm/sitio/nuevo-socio` and the like: an item of a list not saved yet.
    const adding = newKindAt(params.id);
    const newKind: SiteListKind = adding ?? "product";
    if (!editsSite(user) || adding) return { item: null, newKind, publications: [] };
    const id = Number(params.id);
    if (!Number.isInteger(id) || id < 1) throw new Response("Not Found", { status: 404 });
    const [item, publications] = await Promise.all([
      loadSiteItem(id, request.signal),
      loadSitePublications(id, request.signal),
    ]);
    return { item, newKind, publications };
  });
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const change = (await request.json()) as SiteIntent;
  switch (change.intent) {
    case "create":
      return settle(createSiteItem(change.item));
    case "save":
      return settle(saveSiteDraft(change.id, change.draft));
    case "publish":
      return settle(publishSiteItem(change.id, change.version));
    case "retire":
      return settle(retireSiteItem(change.id, change.version));
    case "restore":
      return settle(restoreSitePublication(change.id, change.publicationId, change.version));
  }
}

function titleOf(item: SiteItem | null, newKind: SiteListKind) {
  if (!item) return NEW_SITE_ITEMS[newKind].heading;
  if (item.kind === "product" || item.kind === "service") return item.draft.title;
  if (item.kind === "testimonial") return testimonialTitle(item.draft.name);
  if (item.kind === "partner") return item.draft.name;
  if (item.kind === "faq") return item.draft.question;
  return SITE_ITEM_TITLES[item.kind];
}

export default function CrmSiteItem({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const action = useRouteAction();
  const { item, newKind, publications } = loaderData;
  // A restore or a retirement changes the item under the editor: it starts again from what is stored.
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // A product added here keeps its editor (and what it said) when the address becomes its own.
  const createdHere = useRef<number | null>(null);
  const run = (intent: SiteIntent) => action.run<SiteItem>(intent);

  if (!editsSite(user)) {
    return (
      <>
        <CrmPageHeader title="Sitio web" />
        <NoPermission what="editar el sitio web" who="los administradores y los editores de contenido" />
      </>
    );
  }
  return (
    <>
      <Link to={paths.crmSite} className="mb-4 inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Volver a Sitio web
      </Link>
      <CrmPageHeader
        title={titleOf(item, newKind)}
        subtitle={
          item ? `Estado: ${SITE_ITEM_STATE_LABELS[item.state]}` : "Se guarda como borrador hasta que lo publiques"
        }
      />
      <div className="grid max-w-3xl gap-8">
        {notice && (
          <Notice tone="success">
            <p>{notice}</p>
          </Notice>
        )}
        <SiteItemEditor
          key={`${item && item.id !== createdHere.current ? item.id : "nuevo"}-${generation}`}
          item={item}
          newKind={newKind}
          run={run}
          onCreated={(created) => {
            createdHere.current = created.id;
            navigate(paths.crmSiteItem(created.id), { replace: true });
          }}
        />
        {item && (
          <SitePublications
            item={item}
            publications={publications}
            run={run}
            onChanged={(message) => {
              setNotice(message);
              setGeneration((count) => count + 1);
            }}
          />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Sitio web" />
      <CrmRouteError error={error} />
    </>
  );
}
