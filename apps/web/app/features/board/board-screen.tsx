import type { Board, BoardCard, BoardColumn, ServiceType, StaffMember } from "@app/shared";
import { STAGE_LABELS, type Stage } from "@app/shared/constants";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { type StageDetails, stageAsksDetails, stageDetailsBody } from "~/features/contacts";
import { ApiError } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { type BoardFilters, changeOpportunityStage, loadMoreCards } from "./board-api";
import { DRAG_INSTRUCTIONS_ID, type MoveTo } from "./board-card";
import { BoardColumnView } from "./board-column";
import { BoardDnd, type CardOf } from "./board-dnd";
import { type BoardDrag, createBoardDrag, useBoardDrag } from "./board-drag";
import { BoardFiltersForm } from "./board-filters";
import { BoardStagePicker } from "./board-stage-picker";
import { moveCard, reconcileColumns, storeCard } from "./board-state";
import { MoveDialog } from "./move-dialog";

export type BoardScreenProps = {
  board: Board | null;
  problem: string | null;
  filters: BoardFilters;
  staff: StaffMember[] | null;
  serviceTypes: ServiceType[] | null;
  /** The name of the company filtered by (`empresa`), when it could be read. */
  companyName: string | null;
  onFilters: (filters: BoardFilters) => void;
  /** The stored board changed under a move (409): load it again. */
  onStale: () => void;
};

type Asking = { card: BoardCard; from: Stage; to: Stage } | null;
/** How long a move's success stays on screen. */
const SUCCESS_SHOWN_MS = 8000;

type Outcome = { tone: "success" | "problem"; text: string } | null;

const DRAG_INSTRUCTIONS =
  "Para mover la tarjeta pulsa Espacio o Intro, cambia de columna con las flechas y suéltala con Espacio o Intro. Escape cancela.";

/**
 * The board's spoken messages while a card moves (pick-up with its instructions, the column it is
 * over, the drop, a cancel): one assertive region, rendered apart so that speaking renders nothing else.
 */
function BoardAnnouncer({ drag }: { drag: BoardDrag }) {
  const spoken = useBoardDrag(drag, (store) => store.spoken(), "");
  return (
    <div id="tablero-anuncios" role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
      {spoken}
    </div>
  );
}

/**
 * The board at /crm/embudo: one column per stage. A card moves with the mouse, touch or keyboard
 * (with spoken announcements) or with `Mover a…`; Perdido asks for its reason and Ganado for its
 * value first. A move shows at once, is sent with the version the card carries, and goes back with
 * a message if it was refused.
 */
export function BoardScreen({
  board,
  problem,
  filters,
  staff,
  serviceTypes,
  companyName,
  onFilters,
  onStale,
}: BoardScreenProps) {
  const [columns, setColumns] = useState(board?.columns ?? []);
  const [shownBoard, setShownBoard] = useState(board);
  // Moves sent and not answered yet: a reload that read the board before them keeps them.
  const moving = useRef(new Map<number, { card: BoardCard; from: Stage; to: Stage }>());
  if (board !== shownBoard) {
    setShownBoard(board);
    setColumns(board ? reconcileColumns(columns, board.columns, moving.current) : []);
  }
  const [asking, setAsking] = useState<Asking>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A move's success is a passing toast: it goes after a while, as the board stays in view.
  useEffect(() => {
    if (outcome?.tone !== "success") return;
    const timer = setTimeout(() => setOutcome(null), SUCCESS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  const [moreLoading, setMoreLoading] = useState<Stage | null>(null);
  const [drag] = useState(createBoardDrag);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  // The route hands a new `onStale` at each of its renders (any change of the router's state): read
  // through a ref, so `move`, which every card receives, keeps its identity and the memoised
  // columns and cards are not all rendered again.
  const onStaleRef = useRef(onStale);
  onStaleRef.current = onStale;

  /** Stores the move; answers the card as stored (new version, stage time and value). */
  const send = useCallback(async (card: BoardCard, to: Stage, details?: StageDetails): Promise<BoardCard> => {
    const changed = await changeOpportunityStage(card.id, {
      stage: to,
      version: card.version,
      ...(details ? stageDetailsBody(to, details) : {}),
    });
    setOutcome({ tone: "success", text: `${card.name} pasó a ${STAGE_LABELS[to]}.` });
    return {
      ...card,
      version: changed.version,
      stageSince: changed.stageChangedAt ?? card.stageSince,
      value: changed.wonValue,
    };
  }, []);

  const move: MoveTo = useCallback(
    (card, from, to) => {
      if (from === to) return;
      if (stageAsksDetails(to)) return setAsking({ card, from, to });
      // In the caller's priority: at once for a pointer's drop, as a transition for the keyboard's.
      setColumns((current) => moveCard(current, card, from, to));
      moving.current.set(card.id, { card, from, to });
      send(card, to).then(
        (stored) => {
          moving.current.delete(card.id);
          // The stored card's new version renders its column again: in slices, the page answering meanwhile.
          startTransition(() => setColumns((current) => storeCard(current, to, card, stored)));
        },
        (error: unknown) => {
          moving.current.delete(card.id);
          setColumns((current) => moveCard(current, card, to, from));
          setOutcome({ tone: "problem", text: `No se pudo mover a ${card.name}: ${errorMessage(error)}` });
          if (error instanceof ApiError && error.status === 409) onStaleRef.current();
        },
      );
    },
    [send],
  );

  const more = useCallback(
    async (column: BoardColumn) => {
      setMoreLoading(column.stage);
      try {
        const next = await loadMoreCards(filters, column.stage, column.cards.length);
        if (!next) return;
        setColumns((current) =>
          current.map((each) =>
            each.stage === column.stage
              ? {
                  ...each,
                  hasMore: next.hasMore,
                  cards: [...each.cards, ...next.cards.filter((card) => !each.cards.some((old) => old.id === card.id))],
                }
              : each,
          ),
        );
      } catch (error) {
        setOutcome({ tone: "problem", text: `No se pudieron cargar más tarjetas: ${errorMessage(error)}` });
      } finally {
        setMoreLoading(null);
      }
    },
    [filters],
  );

  // Reads the columns shown now, through a ref, so dnd-kit's layer keeps its props and does not render again.
  const cardOf: CardOf = useCallback((id) => {
    for (const column of columnsRef.current) {
      const card = column.cards.find((each) => each.id === id);
      if (card) return { card, stage: column.stage };
    }
    return undefined;
  }, []);

  return (
    <>
      <CrmPageHeader title="Embudo" subtitle="Oportunidades por etapa, de nuevo a ganado" />
      <div className="grid gap-4">
        <BoardFiltersForm
          filters={filters}
          staff={staff}
          serviceTypes={serviceTypes}
          companyName={companyName}
          onChange={onFilters}
        />
        {problem && (
          <Notice tone="problem">
            <p>No se pudo cargar el tablero: {problem}</p>
          </Notice>
        )}
        {/* Always there, so a move's outcome is announced (a region added with its text may not be).
            A success floats over the bottom of the screen, letting clicks through: placed above the
            board it pushed every column down at the first move, and the browser laid the whole board
            out again in the frame after the drop (docs/benchmarks/board-drag.md). A problem stays in
            place until the next move. */}
        <div
          role="status"
          aria-live="polite"
          className={
            outcome?.tone === "success"
              ? "pointer-events-none fixed inset-x-3 bottom-3 z-30 mx-auto max-w-lg rounded-2xl shadow-xl"
              : undefined
          }
        >
          {outcome && (
            <Notice tone={outcome.tone} announced={false}>
              <p>{outcome.text}</p>
            </Notice>
          )}
        </div>
        <BoardStagePicker columns={columns} />
        <p id={DRAG_INSTRUCTIONS_ID} hidden>
          {DRAG_INSTRUCTIONS}
        </p>
        <BoardAnnouncer drag={drag} />
        {/* Focusable, so the arrow keys scroll the columns sideways even when no card is there to focus.
            Positioned, so the cards' visually hidden texts are clipped with them, not left beside the page. */}
        <section
          aria-label="Etapas del embudo"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (axe scrollable-region-focusable)
          tabIndex={0}
          className="-mx-4 relative flex snap-x gap-3 overflow-x-auto rounded-2xl px-4 pb-4 focus-visible:outline-2 focus-visible:outline-leaf-700 md:mx-0 md:px-0"
        >
          {columns.map((column) => (
            <BoardColumnView
              key={column.stage}
              column={column}
              onMoveTo={move}
              onMore={more}
              loadingMore={moreLoading === column.stage}
              drag={drag}
            />
          ))}
        </section>
        {/* The board is not inside dnd-kit's context (board-drag.ts), only this layer is. */}
        <BoardDnd drag={drag} cardOf={cardOf} onMoveTo={move} instructions={DRAG_INSTRUCTIONS} />
      </div>
      <MoveDialog
        asking={asking}
        onClose={() => setAsking(null)}
        onConfirm={async (details) => {
          if (!asking) return;
          const stored = await send(asking.card, asking.to, details);
          setColumns((current) => moveCard(current, asking.card, asking.from, asking.to, stored));
          setAsking(null);
        }}
        onStale={onStale}
      />
    </>
  );
}
