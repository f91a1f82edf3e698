import type { NewClientInput, NewMessageInput, StatusChangeInput } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import {
  acceptMessage,
  addMessage,
  anonymiseClient,
  type ClientDetailsBody,
  changeStatus,
  createClient,
  deleteClient,
  deleteMessage,
  replyToMessage,
  updateClient,
  updateMessage,
} from "./contacts-api";

// Every write of the messages screen, by name: the route's clientAction runs them, and React Router
// then reloads the list and the open contact (so nothing here keeps a copy of what is stored).

export type ContactsIntent =
  | { intent: "create-client"; body: NewClientInput }
  | { intent: "update-client"; clientId: number; body: ClientDetailsBody }
  | { intent: "delete-client"; clientId: number }
  | { intent: "anonymise-client"; clientId: number }
  | { intent: "add-note"; clientId: number; body: NewMessageInput }
  | { intent: "edit-message"; messageId: number; text: string }
  | { intent: "change-status"; messageId: number; body: StatusChangeInput }
  | { intent: "reply"; messageId: number; reply: string }
  | { intent: "accept-message"; messageId: number }
  | { intent: "delete-message"; messageId: number };

export function runContactsIntent(action: ContactsIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-client":
      return createClient(action.body);
    case "update-client":
      return updateClient(action.clientId, action.body);
    case "delete-client":
      return deleteClient(action.clientId);
    case "anonymise-client":
      return anonymiseClient(action.clientId);
    case "add-note":
      return addMessage(action.clientId, action.body);
    case "edit-message":
      return updateMessage(action.messageId, { message: action.text });
    case "change-status":
      return changeStatus(action.messageId, action.body);
    case "reply":
      return replyToMessage(action.messageId, action.reply);
    case "accept-message":
      return acceptMessage(action.messageId);
    case "delete-message":
      return deleteMessage(action.messageId);
  }
}

/** Runs one of the writes above through the messages route's clientAction (see lib/route-action.ts). */
export function useContactsAction() {
  const { run, busy } = useRouteAction();
  return { run: <T = unknown>(action: ContactsIntent) => run<T>(action), busy };
}
