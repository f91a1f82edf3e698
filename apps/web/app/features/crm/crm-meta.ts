import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

/** The tab title of a CRM screen; the CRM is never indexed (robots.txt blocks /crm). */
export const crmMeta = (screen: string): MetaDescriptor[] => [
  { title: `${screen} | CRM ${site.name}` },
  { name: "robots", content: "noindex" },
];
