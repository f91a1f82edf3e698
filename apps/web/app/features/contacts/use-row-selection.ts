import type { ContactMessagePage } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { useState } from "react";
import type { BulkTarget } from "./bulk-actions";
import { type ContactsQuery, formatContactsQuery } from "./contacts-query";
import type { RowSelection } from "./contacts-table";

/**
 * The rows picked for a bulk action, kept across the pages of one search (up to a page's maximum)
 * and dropped when the search or a filter changes; or "every result of this search".
 */
export function useRowSelection(query: ContactsQuery, result: ContactMessagePage | null) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [all, setAll] = useState(false);
  const place = formatContactsQuery({ ...query, page: 0 });
  const [pickedAt, setPickedAt] = useState(place);
  if (pickedAt !== place) {
    setPickedAt(place);
    setIds(new Set());
    setAll(false);
  }
  const pageIds = result?.content.map((group) => group.client.id) ?? [];
  const pagePicked = pageIds.length > 0 && pageIds.every((id) => ids.has(id));

  const rows: RowSelection = {
    ids: all ? new Set(pageIds) : ids,
    toggle: (id) => {
      setAll(false);
      const next = new Set(all ? pageIds : ids);
      if (next.has(id)) next.delete(id);
      else if (next.size < CRM_LIMITS.pageSizeMax) next.add(id);
      setIds(next);
    },
    togglePage: () => {
      setAll(false);
      const next = new Set(ids);
      for (const id of pageIds) {
        if (pagePicked || all) next.delete(id);
        else if (next.size < CRM_LIMITS.pageSizeMax) next.add(id);
      }
      setIds(next);
    },
  };

  const total = result?.totalElements ?? 0;
  const target: BulkTarget | null = all
    ? { kind: "all", total, exact: result?.totalIsExact ?? true }
    : ids.size > 0
      ? { kind: "rows", ids: [...ids] }
      : null;

  return {
    rows,
    target,
    canPickAll: pagePicked && !all && total > ids.size ? { total, exact: result?.totalIsExact ?? true } : null,
    pickAll: () => setAll(true),
    clear: () => {
      setIds(new Set());
      setAll(false);
    },
  };
}
