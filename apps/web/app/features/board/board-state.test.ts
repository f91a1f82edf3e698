import type { BoardCard, BoardColumn } from "@app/shared";
import { STAGES, type Stage } from "@app/shared/constants";
import { describe, expect, it } from "vitest";
import { moveCard, reconcileColumns } from "./board-state";

const card = (id: number, changes: Partial<BoardCard> = {}): BoardCard => ({
  id,
  clientId: id,
  title: "Florícola",
  name: `Contacto ${id}`,
  company: "Florícola",
  owner: { id: 1, displayName: "Ana" },
  services: [{ id: 3, title: "Chrysal VIVA" }],
  stageSince: "2026-11-20T10:00:00.000Z",
  value: null,
  version: 1,
  ...changes,
});

const board = (cards: Partial<Record<Stage, BoardCard[]>>): BoardColumn[] =>
  STAGES.map((stage) => {
    const list = cards[stage] ?? [];
    return { stage, count: list.length, countIsExact: true, value: 0, cards: list, hasMore: false };
  });

const column = (columns: BoardColumn[], stage: Stage) => columns.find((each) => each.stage === stage);
const none = new Map();

describe("reconcileColumns", () => {
  it("keeps every card and column object a reload did not change", () => {
    const shown = board({ nuevo: [card(1), card(2)], contactado: [card(3)] });
    const reloaded = board({ nuevo: [card(1), card(2)], contactado: [card(3)] });
    const columns = reconcileColumns(shown, reloaded, none);
    columns.forEach((each, index) => {
      expect(each).toBe(shown[index]);
    });
  });

  it("gives new objects only to a changed card and its column", () => {
    const shown = board({ nuevo: [card(1), card(2)], contactado: [card(3)] });
    const reloaded = board({ nuevo: [card(1), card(2, { owner: null, version: 2 })], contactado: [card(3)] });
    const columns = reconcileColumns(shown, reloaded, none);
    expect(column(columns, "contactado")).toBe(column(shown, "contactado"));
    expect(column(columns, "nuevo")).not.toBe(column(shown, "nuevo"));
    expect(column(columns, "nuevo")?.cards[0]).toBe(column(shown, "nuevo")?.cards[0]);
    expect(column(columns, "nuevo")?.cards[1]).toMatchObject({ id: 2, owner: null, version: 2 });
  });

  it("keeps the cards loaded with Mostrar más below a reloaded first page", () => {
    const page = [card(1), card(2)];
    const shown = board({ nuevo: [...page, card(3), card(4)] });
    // A colleague's new lead: the first page now starts with it and pushes card 2 below.
    const reloaded = board({ nuevo: [card(9), card(1)], contactado: [card(4)] }).map((each) =>
      each.stage === "nuevo" ? { ...each, count: 4, hasMore: true } : each,
    );
    const nuevo = column(reconcileColumns(shown, reloaded, none), "nuevo");
    // Card 4 moved to Contactado: it is not kept in Nuevo.
    expect(nuevo?.cards.map((each) => each.id)).toEqual([9, 1, 2, 3]);
    expect(nuevo?.hasMore).toBe(false);
    // Without Mostrar más, a reload shows its first page alone.
    const first = column(reconcileColumns(board({ nuevo: page }), reloaded, none), "nuevo");
    expect(first?.cards.map((each) => each.id)).toEqual([9, 1]);
  });

  it("keeps a move under way when the reload read the board before it", () => {
    const moved = card(2);
    const before = board({ nuevo: [card(1), moved] });
    const shown = moveCard(before, moved, "nuevo", "contactado");
    const moving = new Map([[2, { card: moved, from: "nuevo" as Stage, to: "contactado" as Stage }]]);
    const columns = reconcileColumns(shown, board({ nuevo: [card(1), card(2)] }), moving);
    expect(column(columns, "nuevo")).toMatchObject({ count: 1, cards: [{ id: 1 }] });
    expect(column(columns, "contactado")).toMatchObject({ count: 1, cards: [{ id: 2 }] });
    // Nothing changed for the screen: the columns are the ones shown.
    expect(column(columns, "nuevo")).toBe(column(shown, "nuevo"));
    expect(column(columns, "contactado")).toBe(column(shown, "contactado"));
  });

  it("takes the reload as it is once it already has the move", () => {
    const moved = card(2);
    const shown = moveCard(board({ nuevo: [card(1), moved] }), moved, "nuevo", "contactado");
    const moving = new Map([[2, { card: moved, from: "nuevo" as Stage, to: "contactado" as Stage }]]);
    const reloaded = board({ nuevo: [card(1)], contactado: [card(2, { version: 2 })] });
    const columns = reconcileColumns(shown, reloaded, moving);
    expect(column(columns, "contactado")).toMatchObject({ count: 1, cards: [{ id: 2, version: 2 }] });
    expect(column(columns, "nuevo")).toMatchObject({ count: 1, cards: [{ id: 1 }] });
  });

  it("keeps a stored move when a reload that read the board before it answers after it", () => {
    const moved = card(2);
    const stored = card(2, { version: 2 });
    const shown = moveCard(board({ nuevo: [card(1), moved] }), moved, "nuevo", "contactado", stored);
    const columns = reconcileColumns(shown, board({ nuevo: [card(1), card(2)] }), none);
    expect(column(columns, "nuevo")).toMatchObject({ count: 1, cards: [{ id: 1 }] });
    expect(column(columns, "contactado")).toMatchObject({ count: 1, cards: [{ id: 2, version: 2 }] });
    expect(column(columns, "contactado")?.cards[0]).toBe(stored);
    // A colleague's later change (a higher version) is taken as it comes.
    const later = reconcileColumns(shown, board({ nuevo: [card(1), card(2, { version: 3 })] }), none);
    expect(column(later, "nuevo")?.cards.map((each) => each.id)).toEqual([1, 2]);
  });
});
