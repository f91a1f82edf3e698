import type { ReplyTemplateInput } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import { createReplyTemplate, deleteReplyTemplate, updateReplyTemplate } from "./reply-templates-api";

// Every write of the Plantillas screen, by name: the route's clientAction runs them, and React
// Router then loads the templates again.

export type ReplyTemplatesIntent =
  | { intent: "create-template"; body: ReplyTemplateInput }
  | { intent: "update-template"; templateId: number; body: ReplyTemplateInput }
  | { intent: "delete-template"; templateId: number };

export function runReplyTemplatesIntent(action: ReplyTemplatesIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-template":
      return createReplyTemplate(action.body);
    case "update-template":
      return updateReplyTemplate(action.templateId, action.body);
    case "delete-template":
      return deleteReplyTemplate(action.templateId);
  }
}

/** Runs one of the writes above through the route's clientAction (see lib/route-action.ts). */
export function useReplyTemplatesAction() {
  const { run } = useRouteAction();
  return <T = unknown>(action: ReplyTemplatesIntent) => run<T>(action);
}
