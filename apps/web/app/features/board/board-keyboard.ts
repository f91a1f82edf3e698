import type { BoardCard } from "@app/shared";
import { STAGE_LABELS, STAGES, type Stage } from "@app/shared/constants";
import { type KeyboardEvent, startTransition } from "react";
import { stageAsksDetails } from "~/features/contacts";
import type { BoardDrag } from "./board-drag";

// The board's keyboard: Space or Enter on a card's handle takes the card, the arrows choose a
// column, Space or Enter drops it there, Escape (or leaving the handle) puts it back. Done here, not
// by dnd-kit's keyboard sensor: a pick-up through dnd-kit renders its context several times and
// measures the page, one task of 70-160 ms on a 4x slower CPU with 200 cards shown (decision 031);
// here a key changes two values of the board's store (the held card, the column aimed at), which
// renders that card and the two columns' highlight, and says what happened in the board's region.

type Card = { card: BoardCard; stage: Stage; onMoveTo: (card: BoardCard, from: Stage, to: Stage) => void };

const STEPS: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const TAKE_OR_DROP = new Set(["Space", "Enter", "NumpadEnter"]);

export const pickUpText = (name: string, stage: Stage) =>
  `Tomaste a ${name}, en ${STAGE_LABELS[stage]}. Usa las flechas para cambiar de columna, Espacio para soltar y Escape para cancelar.`;
export const overText = (name: string, stage: Stage) => `${name} está sobre ${STAGE_LABELS[stage]}.`;
export const dropText = (name: string, stage: Stage) => `${name} se soltó en ${STAGE_LABELS[stage]}.`;
export const cancelText = (name: string) => `Movimiento cancelado. ${name} sigue en su columna.`;

/** A key pressed on a card's drag handle. */
export function handleKey(event: KeyboardEvent<HTMLElement>, drag: BoardDrag, { card, stage, onMoveTo }: Card) {
  const held = drag.heldByKeys();
  if (held?.id !== card.id) {
    if (!TAKE_OR_DROP.has(event.code)) return;
    event.preventDefault();
    drag.holdByKeys({ id: card.id, from: stage });
    drag.say(pickUpText(card.name, stage));
    return;
  }
  const step = STEPS[event.code];
  if (step !== undefined) {
    event.preventDefault();
    const current = drag.over() ?? held.from;
    const next = STAGES[Math.min(STAGES.length - 1, Math.max(0, STAGES.indexOf(current) + step))] ?? current;
    if (next === current) return;
    drag.setOver(next, true);
    drag.say(overText(card.name, next));
    return;
  }
  if (TAKE_OR_DROP.has(event.code)) {
    event.preventDefault();
    const to = drag.over() ?? held.from;
    drag.release();
    drag.say(dropText(card.name, to));
    if (to === held.from) return;
    // The card is drawn again in its new column, and its handle there takes the focus for the next
    // move (board-card.tsx), unless Perdido or Ganado open their dialog first. Drawn as a
    // transition: the key's own task only puts the card down and speaks, and the two columns are
    // drawn in a task of their own, so neither blocks the page for long on a slow phone.
    if (!stageAsksDetails(to)) drag.arriving(card.id);
    startTransition(() => onMoveTo(card, held.from, to));
    return;
  }
  if (event.code === "Escape") {
    event.preventDefault();
    drag.release();
    drag.say(cancelText(card.name));
  }
}

/** Leaving the handle while holding its card puts the card back. */
export function handleBlur(drag: BoardDrag, card: BoardCard) {
  if (drag.heldByKeys()?.id !== card.id) return;
  drag.release();
  drag.say(cancelText(card.name));
}
