import { type ComponentType, createContext, useContext } from "react";

// The reply editor (features/contacts) offers templates without importing the templates feature
// (decision 022: features do not import each other). The route that shows both puts the picker
// in this slot; an editor outside it simply has no picker.

/** Who a reply answers: what a template's variables are filled with, besides the replier's name. */
export type ReplyRecipient = {
  firstName: string;
  lastName: string;
  company: string;
  /** The titles of the products and services the message asked about. */
  products: string[];
};

export type ReplyTemplateSlotProps = {
  /** The reply's text area: the picker's own ids start with it. */
  editorId: string;
  recipient: ReplyRecipient;
  /** Puts a filled template in the reply's text; the person may edit it afterwards. */
  onFill: (text: string) => void;
};

const ReplyTemplateSlot = createContext<ComponentType<ReplyTemplateSlotProps> | null>(null);

export const ReplyTemplateSlotProvider = ReplyTemplateSlot.Provider;

/** The picker the route provides, or null. */
export const useReplyTemplateSlot = () => useContext(ReplyTemplateSlot);
