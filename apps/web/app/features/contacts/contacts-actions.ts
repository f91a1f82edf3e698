import type {
  BulkChangeInput,
  NewContactInput,
  NewMessageInput,
  NewTaskInput,
  OwnerChangeInput,
  StageChangeInput,
  StatusChangeInput,
  TaskChangeInput,
} from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import {
  acceptMessage,
  addMessage,
  anonymiseContact,
  applyMessageDetails,
  type ContactFieldsBody,
  changeContacts,
  changeStatus,
  createContact,
  deleteContact,
  deleteMessage,
  recordWhatsappReply,
  replyToMessage,
  undoContactsChange,
  updateContact,
  updateMessage,
} from "./contacts-api";
import { retryEmail } from "./email-api";
import { addInternalNote, changeOwner, changeStage, changeTask, createTask } from "./follow-up-api";

// Every write of the messages screen, by name: the route's clientAction runs them, and React Router
// then reloads the list and the open contact (so nothing here keeps a copy of what is stored).

export type ContactsIntent =
  | { intent: "create-contact"; body: NewContactInput }
  | { intent: "update-contact"; contactId: number; body: ContactFieldsBody }
  | { intent: "delete-contact"; contactId: number }
  | { intent: "anonymise-contact"; contactId: number }
  | { intent: "add-note"; contactId: number; body: NewMessageInput }
  | { intent: "edit-message"; messageId: number; text: string }
  | { intent: "change-status"; messageId: number; body: StatusChangeInput }
  | { intent: "reply"; messageId: number; reply: string }
  | { intent: "whatsapp-reply"; messageId: number; reply: string }
  | { intent: "accept-message"; messageId: number }
  | { intent: "use-message-details"; messageId: number }
  | { intent: "retry-email"; emailId: number }
  | { intent: "delete-message"; messageId: number }
  | { intent: "change-stage"; contactId: number; body: StageChangeInput }
  | { intent: "change-owner"; contactId: number; body: OwnerChangeInput }
  | { intent: "create-task"; contactId: number; body: NewTaskInput }
  | { intent: "change-task"; taskId: number; body: TaskChangeInput }
  | { intent: "add-internal-note"; contactId: number; body: string }
  | { intent: "bulk-change"; body: BulkChangeInput }
  | { intent: "bulk-undo"; undoId: string };

export function runContactsIntent(action: ContactsIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-contact":
      return createContact(action.body);
    case "update-contact":
      return updateContact(action.contactId, action.body);
    case "delete-contact":
      return deleteContact(action.contactId);
    case "anonymise-contact":
      return anonymiseContact(action.contactId);
    case "add-note":
      return addMessage(action.contactId, action.body);
    case "edit-message":
      return updateMessage(action.messageId, { message: action.text });
    case "change-status":
      return changeStatus(action.messageId, action.body);
    case "reply":
      return replyToMessage(action.messageId, action.reply);
    case "whatsapp-reply":
      return recordWhatsappReply(action.messageId, action.reply);
    case "accept-message":
      return acceptMessage(action.messageId);
    case "use-message-details":
      return applyMessageDetails(action.messageId);
    case "retry-email":
      return retryEmail(action.emailId);
    case "delete-message":
      return deleteMessage(action.messageId);
    case "change-stage":
      return changeStage(action.contactId, action.body);
    case "change-owner":
      return changeOwner(action.contactId, action.body);
    case "create-task":
      return createTask(action.contactId, action.body);
    case "change-task":
      return changeTask(action.taskId, action.body);
    case "add-internal-note":
      return addInternalNote(action.contactId, action.body);
    case "bulk-change":
      return changeContacts(action.body);
    case "bulk-undo":
      return undoContactsChange(action.undoId);
  }
}

/** Runs one of the writes above through the messages route's clientAction (see lib/route-action.ts). */
export function useContactsAction() {
  const { run, busy } = useRouteAction();
  return { run: <T = unknown>(action: ContactsIntent) => run<T>(action), busy };
}
