import type { Stage } from "@app/shared/constants";
import type { SyntheticEvent } from "react";
import { useSyncExternalStore } from "react";

// What the board's cards and columns share with dnd-kit, outside React's tree. dnd-kit renders
// everything that reads its context again whenever that context changes (several times at each
// pick-up, move and drop); with 200 cards shown that was most of a drag's work. So the board is not
// inside dnd-kit's context: small bindings are (board-bindings.tsx), and they reach the cards'
// elements and tell them what changed through this store. A card becomes a dnd-kit draggable only
// once its handle is pressed with the mouse or a finger (`arm`), and the last few stay so. The
// keyboard does not go through dnd-kit at all (board-keyboard.ts): it holds a card and aims at a
// column in this store, and the board's live region says what the store's `spoken` holds.

export type HandleEvent = SyntheticEvent<HTMLElement>;
export type Listeners = Record<string, ((event: HandleEvent) => void) | undefined>;

/** The card held with the keyboard and the column it was in. */
export type HeldByKeys = { id: number; from: Stage };

/** A card's elements and, while it is a draggable, what dnd-kit gave it. */
export type CardSlot = {
  item: HTMLElement | null;
  handle: HTMLElement | null;
  listeners?: Listeners | undefined;
  /** Set by the card's binding: hands it the card's elements when they change. */
  attach?: ((slot: CardSlot) => void) | undefined;
};

/** A column's element and, from its binding, what takes it when it changes. */
export type ColumnSlot = { element: HTMLElement | null; attach?: ((element: HTMLElement | null) => void) | undefined };

export type BoardDrag = {
  arm: (id: number) => void;
  isArmed: (id: number) => boolean;
  armed: () => readonly number[];
  slot: (id: number) => CardSlot;
  column: (stage: Stage) => ColumnSlot;
  held: () => number | null;
  setHeld: (id: number, held: boolean) => void;
  over: () => Stage | null;
  setOver: (stage: Stage, over: boolean) => void;
  /** The card held with the keyboard (board-keyboard.ts), not through dnd-kit. */
  heldByKeys: () => HeldByKeys | null;
  holdByKeys: (held: HeldByKeys) => void;
  /** Puts down the card held with the keyboard. */
  release: () => void;
  /** The card dropped with the keyboard: its handle takes the focus once drawn in its new column. */
  arriving: (id: number) => void;
  /** Whether `id` is the card awaited in its new column (asked once: the answer is then forgotten). */
  arrived: (id: number) => boolean;
  /** What the board's live region says now. */
  spoken: () => string;
  say: (text: string) => void;
  subscribe: (listener: () => void) => () => void;
};

/** How many cards stay draggables after use: enough for a quick series of moves, few to render. */
const KEPT = 4;

export function createBoardDrag(): BoardDrag {
  // Oldest first; arming again moves a card to the end.
  let armed: readonly number[] = [];
  let held: number | null = null;
  let over: Stage | null = null;
  let byKeys: HeldByKeys | null = null;
  let spoken = "";
  let awaited: number | null = null;
  const slots = new Map<number, CardSlot>();
  const columns = new Map<Stage, ColumnSlot>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    arm(id) {
      if (armed.at(-1) === id) return;
      armed = [...armed.filter((each) => each !== id), id].slice(-KEPT);
      changed();
    },
    isArmed: (id) => armed.includes(id),
    armed: () => armed,
    slot(id) {
      let slot = slots.get(id);
      if (!slot) {
        slot = { item: null, handle: null };
        slots.set(id, slot);
      }
      return slot;
    },
    column(stage) {
      let slot = columns.get(stage);
      if (!slot) {
        slot = { element: null };
        columns.set(stage, slot);
      }
      return slot;
    },
    held: () => held,
    setHeld(id, isHeld) {
      const next = isHeld ? id : held === id ? null : held;
      if (next === held) return;
      held = next;
      changed();
    },
    over: () => over,
    setOver(stage, isOver) {
      const next = isOver ? stage : over === stage ? null : over;
      if (next === over) return;
      over = next;
      changed();
    },
    heldByKeys: () => byKeys,
    holdByKeys(next) {
      byKeys = next;
      held = next.id;
      over = next.from;
      changed();
    },
    release() {
      if (!byKeys) return;
      byKeys = null;
      held = null;
      over = null;
      changed();
    },
    arriving(id) {
      awaited = id;
    },
    arrived(id) {
      if (awaited !== id) return false;
      awaited = null;
      return true;
    },
    spoken: () => spoken,
    say(text) {
      spoken = text;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A value read from the store; the component renders again only when that value changes. */
export function useBoardDrag<T>(drag: BoardDrag, read: (drag: BoardDrag) => T, initial: T): T {
  return useSyncExternalStore(
    drag.subscribe,
    () => read(drag),
    () => initial,
  );
}
