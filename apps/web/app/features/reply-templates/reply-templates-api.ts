import type { ReplyTemplate, ReplyTemplateInput } from "@app/shared";
import { authRequest } from "~/lib/api-client";

// `Plantillas`: every staff member reads them (the reply editor); administrators write them.

export const loadReplyTemplates = (signal?: AbortSignal) =>
  authRequest<ReplyTemplate[]>("/reply-templates", { signal });

export const createReplyTemplate = (body: ReplyTemplateInput) =>
  authRequest<ReplyTemplate>("/reply-templates", { method: "POST", body });

export const updateReplyTemplate = (id: number, body: ReplyTemplateInput) =>
  authRequest<ReplyTemplate>(`/reply-templates/${id}`, { method: "PUT", body });

export const deleteReplyTemplate = (id: number) => authRequest<void>(`/reply-templates/${id}`, { method: "DELETE" });
