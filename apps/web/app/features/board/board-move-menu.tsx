import type { BoardCard } from "@app/shared";
import { STAGE_LABELS, STAGES, type Stage } from "@app/shared/constants";
import { useState } from "react";
import type { MoveTo } from "./board-card";

type MoveMenuProps = { card: BoardCard; stage: Stage; onMoveTo: MoveTo };

/**
 * `Mover a…` on a card: the way to move it without dragging, a popover with the other stages. Its
 * choices are drawn only while it is open (they are a third of a card's elements, and a board
 * shows hundreds of cards): the popover's `beforetoggle` renders them before it shows.
 */
export function MoveMenu({ card, stage, onMoveTo }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = `mover-${card.id}`;
  return (
    <div>
      <button
        type="button"
        popoverTarget={menuId}
        className="inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
      >
        Mover a…<span className="sr-only"> {card.name}</span>
      </button>
      <div
        id={menuId}
        popover="auto"
        onBeforeToggle={(event) => setOpen(event.newState === "open")}
        className="m-auto w-64 max-w-[90vw] rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200 backdrop:bg-black/20"
      >
        {open && (
          <>
            <p className="px-3 py-2 font-semibold text-sm text-stone-700">Mover a {card.name} a:</p>
            <ul className="grid gap-1">
              {STAGES.filter((option) => option !== stage).map((option) => (
                <li key={option}>
                  <button
                    type="button"
                    popoverTarget={menuId}
                    popoverTargetAction="hide"
                    onClick={() => onMoveTo(card, stage, option)}
                    className="flex min-h-11 w-full items-center rounded-xl px-3 text-left font-semibold text-leaf-900 text-sm hover:bg-leaf-50"
                  >
                    {STAGE_LABELS[option]}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
