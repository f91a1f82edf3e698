import type { auditPageSchema } from "@app/shared";
import type { z } from "zod";
import { authRequest } from "~/lib/api-client";

export type AuditPage = z.infer<typeof auditPageSchema>;

/** Rows per page of the audit log. */
export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/audit-log`, newest first; administrators only. */
export const getAuditLog = (page: number) => authRequest<AuditPage>(`/audit-log?page=${page}&size=${AUDIT_PAGE_SIZE}`);
