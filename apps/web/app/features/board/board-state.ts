import type { BoardCard, BoardColumn } from "@app/shared";
import type { Stage } from "@app/shared/constants";

// The board's columns as the screen shows them, changed without a reload: a move, its stored
// answer, and a reload (live updates, a refused move) that keeps what did not change.

/**
 * Moves `card` from one column to the top of another, as `landed` (the card once stored, with its
 * new version and value); the other columns keep their objects, so they are not rendered again.
 */
export function moveCard(
  columns: BoardColumn[],
  card: BoardCard,
  from: Stage,
  to: Stage,
  landed = card,
): BoardColumn[] {
  return columns.map((column) => {
    if (column.stage === from) {
      return {
        ...column,
        count: column.count - 1,
        value: column.value - (card.value ?? 0),
        cards: column.cards.filter((each) => each.id !== card.id),
      };
    }
    if (column.stage === to) {
      const cards = [landed, ...column.cards.filter((each) => each.id !== card.id)];
      return { ...column, count: column.count + 1, value: column.value + (landed.value ?? 0), cards };
    }
    return column;
  });
}

/** Replaces `card` in column `stage` by `stored`, keeping the column's value right. */
export function storeCard(columns: BoardColumn[], stage: Stage, card: BoardCard, stored: BoardCard): BoardColumn[] {
  return columns.map((column) =>
    column.stage === stage
      ? {
          ...column,
          value: column.value - (card.value ?? 0) + (stored.value ?? 0),
          cards: column.cards.map((each) => (each.id === card.id ? stored : each)),
        }
      : column,
  );
}

/** The reloaded copy of `card` when it is older than the one shown, with its column. */
function staleCopy(columns: BoardColumn[], card: BoardCard): { card: BoardCard; stage: Stage } | undefined {
  for (const column of columns) {
    const copy = column.cards.find((each) => each.id === card.id);
    if (copy) return copy.version < card.version ? { card: copy, stage: column.stage } : undefined;
  }
  return undefined;
}

/** Moves under way: card id -> the column it is going to. */
export type Moving = ReadonlyMap<number, { card: BoardCard; from: Stage; to: Stage }>;

const sameCard = (a: BoardCard, b: BoardCard) =>
  a.id === b.id &&
  a.version === b.version &&
  a.title === b.title &&
  a.name === b.name &&
  a.company === b.company &&
  a.owner?.id === b.owner?.id &&
  a.owner?.displayName === b.owner?.displayName &&
  a.stageSince === b.stageSince &&
  a.value === b.value &&
  a.services.length === b.services.length &&
  a.services.every(
    (service, index) => service.id === b.services[index]?.id && service.title === b.services[index]?.title,
  );

/**
 * The reloaded columns `next`, sharing with `shown` every card and column that did not change, so
 * a reload after a colleague's change renders only what changed; and with the moves still under
 * way applied on top, so a reload that read the board before them does not put a card back.
 */
export function reconcileColumns(shown: BoardColumn[], next: BoardColumn[], moving: Moving): BoardColumn[] {
  const oldCards = new Map<number, BoardCard>();
  for (const column of shown) for (const card of column.cards) oldCards.set(card.id, card);
  const reloaded = new Set(next.flatMap((column) => column.cards.map((card) => card.id)));
  let columns = next.map((column) => {
    const cards = column.cards.map((card) => {
      const old = oldCards.get(card.id);
      return old && sameCard(old, card) ? old : card;
    });
    // A reload brings each column's first page: the cards the person loaded with `Mostrar más`
    // stay below it (those the reload shows elsewhere have moved), so a colleague's change does
    // not fold the column back while they read it.
    const before = shown.find((each) => each.stage === column.stage);
    if (before && column.hasMore && before.cards.length > cards.length) {
      cards.push(...before.cards.filter((card) => !reloaded.has(card.id)));
      const hasMore = column.countIsExact ? column.count > cards.length : column.hasMore;
      return { ...column, cards, hasMore };
    }
    return { ...column, cards };
  });
  // A reload that read the board before a move this page stored, and answered after it, brings
  // the card's older version: the card stays where it was stored (drawn again elsewhere, it would
  // lose the focus a keyboard move gave it).
  for (const column of shown) {
    for (const card of column.cards) {
      const stale = staleCopy(columns, card);
      if (!stale) continue;
      columns =
        stale.stage === column.stage
          ? storeCard(columns, column.stage, stale.card, card)
          : moveCard(columns, stale.card, stale.stage, column.stage, card);
    }
  }
  for (const { card, from, to } of moving.values()) {
    const at = columns.find((column) => column.cards.some((each) => each.id === card.id))?.stage;
    if (at !== to) columns = moveCard(columns, card, at ?? from, to);
  }
  return columns.map((column) => {
    const old = shown.find((each) => each.stage === column.stage);
    const same =
      old &&
      old.count === column.count &&
      old.countIsExact === column.countIsExact &&
      old.value === column.value &&
      old.hasMore === column.hasMore &&
      old.cards.length === column.cards.length &&
      old.cards.every((card, index) => card === column.cards[index]);
    return same ? old : column;
  });
}
