import { z } from "zod";
import { STAGES } from "../crm-rules.ts";

// The board at /crm/embudo: one column per stage, its first cards (one per opportunity, issue 33),
// its count and value (issue 13).

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** `GET /api/board`: filters by owner and product; `stage` and `offset` ask for more of one column. */
export const boardQuerySchema = z.object({
  owner: z.union([z.enum(["me", "none"]), id], { error: "Responsable no válido" }).optional(),
  serviceTypeId: id.optional(),
  /** The opportunities of one company's people (issue 33). */
  companyId: id.optional(),
  stage: z.enum(STAGES, { error: "Etapa no válida" }).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

export const boardCardSchema = z.object({
  /** The opportunity's id: a move is `PATCH /api/opportunities/:id/stage`. */
  id: z.number().int(),
  /** Its contact, whom the card opens. */
  clientId: z.number().int(),
  /** The opportunity's title: a contact with two sales under way has two cards. */
  title: z.string(),
  /** The contact's name. */
  name: z.string(),
  company: z.string(),
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  /** What the contact asked about, across their messages. */
  services: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** When the opportunity entered its stage (or was opened, if it never moved). */
  stageSince: z.string(),
  /** `Valor estimado` in US dollars (what it was won for, once `Ganado`); null when unknown. */
  value: z.number().nullable(),
  /** Sent back with a move, like the contact dialog's changes. */
  version: z.number().int(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  stage: z.enum(STAGES),
  count: z.number().int(),
  /** False when a product filter stopped counting at its cap: the count is a lower bound. */
  countIsExact: z.boolean(),
  /** Sum of its opportunities' values in US dollars. */
  value: z.number(),
  cards: z.array(boardCardSchema),
  /** More cards follow the ones sent. */
  hasMore: z.boolean(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const boardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type Board = z.infer<typeof boardSchema>;
