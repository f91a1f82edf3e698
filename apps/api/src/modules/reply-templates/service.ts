import type { ReplyTemplateValues } from "@app/shared";
import { REPLY_TEMPLATE_MESSAGES } from "@app/shared/constants";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { recordAudit } from "../audit/index.ts";
import {
  deleteReplyTemplate,
  findNameTwin,
  insertReplyTemplate,
  type ReplyTemplateRow,
  toReplyTemplate,
  updateReplyTemplate,
} from "./repo.ts";

// Administrators' changes to the templates, each one in the audit log (who, which, when).

export type Actor = { id: number; username: string; ip?: string | undefined };

/** The name is another template's (409 on the API, under the name field in the form). */
export class TemplateNameTakenError extends Error {
  override name = "TemplateNameTakenError";
  constructor() {
    super(REPLY_TEMPLATE_MESSAGES.nameTaken);
  }
}

const audit = (db: Db, action: "created" | "updated" | "deleted", row: ReplyTemplateRow, actor: Actor) =>
  recordAudit(db, {
    action: `reply_template_${action}`,
    actor,
    ip: actor.ip,
    details: { templateId: row.id, name: row.name },
  });

export async function createReplyTemplate(db: Db, input: ReplyTemplateValues, actor: Actor) {
  if (await findNameTwin(db, input.name)) throw new TemplateNameTakenError();
  const row = await insertReplyTemplate(db, input, actor.id);
  if (!row) throw new TemplateNameTakenError();
  await audit(db, "created", row, actor);
  return toReplyTemplate(row);
}

/** Undefined when there is no such template. */
export async function changeReplyTemplate(db: Db, id: number, input: ReplyTemplateValues, actor: Actor) {
  if (await findNameTwin(db, input.name, id)) throw new TemplateNameTakenError();
  let row: ReplyTemplateRow | undefined;
  try {
    row = await updateReplyTemplate(db, id, input);
  } catch (error) {
    // Another administrator took the name in between.
    if (isUniqueViolation(error)) throw new TemplateNameTakenError();
    throw error;
  }
  if (row) await audit(db, "updated", row, actor);
  return row && toReplyTemplate(row);
}

/** False when there is no such template. Replies already sent with it keep their text. */
export async function removeReplyTemplate(db: Db, id: number, actor: Actor) {
  const row = await deleteReplyTemplate(db, id);
  if (row) await audit(db, "deleted", row, actor);
  return row !== undefined;
}
