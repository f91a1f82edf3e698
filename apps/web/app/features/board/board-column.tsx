import type { BoardColumn } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { memo, useCallback } from "react";
import { formatWholeCents } from "~/lib/format-money";
import { formatCount } from "~/lib/format-number";
import { DraggableCard, type MoveTo } from "./board-card";
import { type BoardDrag, useBoardDrag } from "./board-drag";

type BoardColumnProps = {
  column: BoardColumn;
  onMoveTo: MoveTo;
  onMore: (column: BoardColumn) => void;
  loadingMore: boolean;
  drag: BoardDrag;
};

/** The id of a stage's column title: the column is named by it, and the phone's stage picker finds it. */
export const columnTitleId = (stage: BoardColumn["stage"]) => `columna-${stage}`;

/**
 * One stage of the board: its name, how many contacts and what they are worth, its cards and
 * `Mostrar más`. Memoised on its column: a move gives new objects to the two columns involved only,
 * so the other four are not rendered again; a card held over it renders only its highlight.
 */
export const BoardColumnView = memo(function BoardColumnView({
  column,
  onMoveTo,
  onMore,
  loadingMore,
  drag,
}: BoardColumnProps) {
  const isOver = useBoardDrag(drag, (store) => store.over() === column.stage, false);
  const setNodeRef = useCallback(
    (element: HTMLElement | null) => {
      const slot = drag.column(column.stage);
      slot.element = element;
      slot.attach?.(element);
    },
    [drag, column.stage],
  );
  const label = STAGE_LABELS[column.stage];
  const titleId = columnTitleId(column.stage);
  // The highlight changes at once: a colour transition painted the whole column again in every
  // frame for 150 ms after each pick-up and drop.
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={titleId}
      // The phone's stage picker puts the focus here.
      tabIndex={-1}
      className={`flex scroll-mx-4 outline-none w-72 shrink-0 snap-start flex-col gap-3 rounded-2xl p-3 ring-1 md:w-auto md:min-w-64 md:flex-1 ${
        isOver ? "bg-leaf-100 ring-leaf-600" : "bg-stone-100 ring-stone-200"
      }`}
    >
      <header className="grid gap-0.5">
        <h2 id={titleId} className="flex items-baseline justify-between gap-2 font-semibold text-leaf-900">
          {label}
          <span className="rounded-full bg-white px-2 py-0.5 text-sm ring-1 ring-stone-300">
            {column.countIsExact ? "" : "más de "}
            {formatCount(column.count)}
            <span className="sr-only"> {column.count === 1 ? "oportunidad" : "oportunidades"}</span>
          </span>
        </h2>
        {column.value > 0 && (
          <p className="text-stone-700 text-sm">Valor: {formatWholeCents(Math.round(column.value * 100))}</p>
        )}
      </header>
      {column.cards.length === 0 ? (
        <p className="rounded-xl border-2 border-stone-300 border-dashed p-4 text-center text-stone-600 text-sm">
          Sin oportunidades en esta etapa
        </p>
      ) : (
        <CardList column={column} onMoveTo={onMoveTo} drag={drag} />
      )}
      {column.hasMore && (
        <button
          type="button"
          onClick={() => onMore(column)}
          disabled={loadingMore}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl bg-white font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
        >
          {loadingMore && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Mostrar más<span className="sr-only"> de {label}</span>
        </button>
      )}
    </section>
  );
});

/**
 * How many of a column's last cards are always laid out: a phone that jumps to the end of a column
 * finds them at their size already, so `Mostrar más` below them does not slide away from the finger
 * as they are first drawn (skipped cards reached that way grew from their estimate and pushed it
 * 190 px down, off the screen, half a second after it came into view).
 */
const LAID_OUT_AT_END = 6;

/** The cards alone, so a column's highlight while a card is over it does not render them again. */
const CardList = memo(function CardList({
  column,
  onMoveTo,
  drag,
}: Pick<BoardColumnProps, "column" | "onMoveTo" | "drag">) {
  return (
    <ul className="grid gap-2">
      {column.cards.map((card, index) => (
        <DraggableCard
          key={card.id}
          card={card}
          stage={column.stage}
          onMoveTo={onMoveTo}
          drag={drag}
          alwaysLaidOut={index >= column.cards.length - LAID_OUT_AT_END}
        />
      ))}
    </ul>
  );
});
