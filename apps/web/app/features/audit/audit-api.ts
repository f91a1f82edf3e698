import type { AuditCategory, auditPageSchema } from "@app/shared";
import type { z } from "zod";
import { authRequest } from "~/lib/api-client";

export type AuditPage = z.infer<typeof auditPageSchema>;

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

/** What `Auditoría` is narrowed to; every part optional. */
export type AuditFilters = { category?: AuditCategory; actor?: string; from?: string; to?: string };

/** `GET /api/audit-log`, newest first; administrators only. */
export function getAuditLog(page: number, filters: AuditFilters) {
  const params = new URLSearchParams({ page: String(page), size: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return authRequest<AuditPage>(`/audit-log?${params}`);
}
