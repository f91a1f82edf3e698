import type { ReactNode } from "react";

export type CrmPageHeaderProps = { title: string; subtitle?: string; actions?: ReactNode };

/** The heading of a CRM screen (level 1), its subtitle and its main actions. */
export function CrmPageHeader({ title, subtitle, actions }: CrmPageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div>
        <h1 className="font-bold text-2xl text-leaf-900 md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-stone-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </div>
  );
}
