import type { BoardCard } from "@app/shared";
import type { Stage } from "@app/shared/constants";
import { type ButtonHTMLAttributes, type KeyboardEvent, memo, useMemo, useRef } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { ServicePills } from "~/features/contacts";
import { ageText } from "~/lib/format-date";
import { formatUsd } from "~/lib/format-money";
import { paths } from "~/lib/paths";
import { type BoardDrag, type HandleEvent, useBoardDrag } from "./board-drag";
import { handleBlur, handleKey } from "./board-keyboard";
import { MoveMenu } from "./board-move-menu";

export type MoveTo = (card: BoardCard, from: Stage, to: Stage) => void;

type BoardCardProps = { card: BoardCard; stage: Stage; onMoveTo: MoveTo };

/** The hidden text every drag handle is described by (the keys that move a card). */
export const DRAG_INSTRUCTIONS_ID = "tablero-instrucciones";

/**
 * A card of the board. The card itself is what moves; its grip is the drag handle (mouse, touch,
 * and the keyboard: Space picks it up, the arrows change column, Space drops it), and `Mover a…`
 * is the way without dragging. Pressing the handle with the mouse or a finger makes the card a
 * dnd-kit draggable first (rendered at once, so dnd-kit knows it) and then hands dnd-kit the event
 * (board-drag.ts); keys are the board's own (board-keyboard.ts). Memoised: a move renders its two
 * columns again, and only the card that moved.
 */
export const DraggableCard = memo(function DraggableCard({
  card,
  stage,
  onMoveTo,
  drag,
  alwaysLaidOut,
}: BoardCardProps & { drag: BoardDrag; alwaysLaidOut: boolean }) {
  const held = useBoardDrag(drag, (store) => store.held() === card.id, false);
  const latest = useRef({ card, stage, onMoveTo });
  latest.current = { card, stage, onMoveTo };
  // Refs, listeners and the card's slot stay the same for the card's life, so the memoised content
  // renders again only when the card itself or its held state changes.
  const { itemRef, handleRef, handleListeners } = useMemo(() => {
    const slot = drag.slot(card.id);
    const setElement = (key: "item" | "handle") => (element: HTMLElement | null) => {
      slot[key] = element;
      slot.attach?.(slot);
      // Focused once the frame that draws it is done: a focus lays the page out at once, and in the
      // commit's task or the frame's own callbacks that layout made one long task of the two.
      if (key === "handle" && element && drag.arrived(card.id))
        requestAnimationFrame(() => setTimeout(() => element.focus()));
    };
    const pass = (name: string) => (event: HandleEvent) => {
      if (!drag.isArmed(card.id)) flushSync(() => drag.arm(card.id));
      slot.listeners?.[name]?.(event);
    };
    return {
      itemRef: setElement("item"),
      handleRef: setElement("handle"),
      handleListeners: {
        onPointerDown: pass("onPointerDown"),
        onTouchStart: pass("onTouchStart"),
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => handleKey(event, drag, latest.current),
        onBlur: () => handleBlur(drag, latest.current.card),
      },
    };
  }, [drag, card.id]);
  return (
    // Off screen, a card's layout and paint are skipped (most of a column's 50): a drop or a message
    // above the board then lays out a few cards, not the whole board. Their place keeps their last
    // size, or 12rem (a card is 174 px with a one-line name, 198 px with two). Menus are popovers
    // (top layer), never clipped by it.
    <li
      ref={itemRef}
      className={`${alwaysLaidOut ? "" : "[contain-intrinsic-size:auto_12rem] [content-visibility:auto]"} ${held ? "rounded-2xl outline-2 outline-leaf-700 outline-dashed outline-offset-2" : ""}`}
    >
      <CardContent
        card={card}
        stage={stage}
        onMoveTo={onMoveTo}
        handleRef={handleRef}
        handleListeners={handleListeners}
        held={held}
      />
    </li>
  );
});

/** Six dots, the usual drag grip, as one path: a board draws hundreds (an icon of six circles is seven elements). */
function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

type CardContentProps = BoardCardProps & {
  handleRef: (element: HTMLElement | null) => void;
  handleListeners: Pick<
    ButtonHTMLAttributes<HTMLButtonElement>,
    "onPointerDown" | "onTouchStart" | "onKeyDown" | "onBlur"
  >;
  held: boolean;
};

const CardContent = memo(function CardContent({
  card,
  stage,
  onMoveTo,
  handleRef,
  handleListeners,
  held,
}: CardContentProps) {
  // A first opportunity is titled after the company as typed: said once. A contact's other ones are
  // told apart by their title, in the card's name too.
  const titled = card.title !== card.company;
  // A border, not a shadow: a drop moves every card shown in two columns, and each is painted again.
  return (
    <article
      aria-labelledby={titled ? `tarjeta-${card.id} tarjeta-${card.id}-oportunidad` : `tarjeta-${card.id}`}
      className="grid gap-2 rounded-2xl border border-stone-200 bg-white p-3"
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          ref={handleRef}
          {...handleListeners}
          aria-pressed={held ? true : undefined}
          aria-roledescription="tarjeta arrastrable"
          aria-describedby={DRAG_INSTRUCTIONS_ID}
          aria-label={`Arrastrar a ${card.name}`}
          className="-m-1 inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-xl text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-leaf-700"
        >
          <GripIcon />
        </button>
        <div className="min-w-0 flex-1">
          <h3 id={`tarjeta-${card.id}`} className="break-words font-semibold text-leaf-900">
            <Link to={paths.crmContact(card.clientId)} className="hover:underline">
              {card.name}
            </Link>
          </h3>
          {card.company && <p className="break-words text-stone-600 text-xs">{card.company}</p>}
          {titled && (
            <p id={`tarjeta-${card.id}-oportunidad`} className="break-words text-stone-700 text-xs">
              <span className="sr-only">Oportunidad: </span>
              {card.title}
            </p>
          )}
        </div>
      </div>
      <ServicePills services={card.services} max={2} />
      <p className="flex flex-wrap items-center justify-between gap-x-2 text-stone-700 text-xs">
        <span>{card.owner?.displayName ?? "Sin responsable"}</span>
        <span>
          <span className="sr-only">En esta etapa desde </span>
          {ageText(card.stageSince)}
        </span>
      </p>
      {card.value !== null && <p className="font-semibold text-leaf-900 text-sm">{formatUsd(card.value)}</p>}
      <MoveMenu card={card} stage={stage} onMoveTo={onMoveTo} />
    </article>
  );
});

/**
 * What follows the pointer or the keyboard while a card moves: the held card's name and company.
 * It reads the held card from the store, so a pick-up does not render the whole screen again.
 */
export function HeldCard({ drag, cardOf }: { drag: BoardDrag; cardOf: (id: number) => BoardCard | undefined }) {
  const held = useBoardDrag(drag, (store) => store.held(), null);
  const card = held === null ? undefined : cardOf(held);
  if (!card) return null;
  return (
    <div className="rotate-2 rounded-2xl bg-white p-3 shadow-xl ring-2 ring-leaf-600">
      <p className="font-semibold text-leaf-900">{card.name}</p>
      {card.company && <p className="text-stone-600 text-xs">{card.company}</p>}
    </div>
  );
}
