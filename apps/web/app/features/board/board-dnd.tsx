import type { BoardCard } from "@app/shared";
import type { Stage } from "@app/shared/constants";
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { memo } from "react";
import { isStage } from "./board-api";
import { DragBindings, DropBindings } from "./board-bindings";
import { HeldCard, type MoveTo } from "./board-card";
import type { BoardDrag } from "./board-drag";
import { cancelText, dropText, overText, pickUpText } from "./board-keyboard";

// The board's mouse and touch drags through dnd-kit. The board itself is not inside dnd-kit's
// context (board-drag.ts), only this layer is, and it is memoised on props that keep their identity:
// a move, a reload or a message renders the board again, not dnd-kit's context and its bindings.

/** Where a card is shown now: its data and column. */
export type CardOf = (id: unknown) => { card: BoardCard; stage: Stage } | undefined;

type BoardDndProps = { drag: BoardDrag; cardOf: CardOf; onMoveTo: MoveTo; instructions: string };

// Constant, because dnd-kit memoises a sensor on its options object: options made at each render
// gave every card new listeners, and every card rendered again at each pick-up, drop and message.
const pointerOptions = { activationConstraint: { distance: 6 } };
const touchOptions = { activationConstraint: { delay: 200, tolerance: 8 } };

/** dnd-kit says nothing itself: the board's region says every move, by keyboard or not. */
const silent: Announcements = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/** The pointer's column; without a pointer, the column the card overlaps most. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

export const BoardDnd = memo(function BoardDnd({ drag, cardOf, onMoveTo, instructions }: BoardDndProps) {
  // No keyboard sensor: the board's keys are its own (board-keyboard.ts).
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(TouchSensor, touchOptions));
  const nameOf = (id: unknown) => cardOf(id)?.card.name ?? "la tarjeta";

  // A drag with the mouse or a finger, said in the board's region like the keyboard's moves. Only a
  // move to another column is said: at pick-up the card is over its own column (or, on a phone's
  // scrolled board, over none yet), and saying so would replace the instructions.
  const onDragStart = ({ active }: DragStartEvent) => {
    const stage = cardOf(active.id)?.stage;
    if (stage) drag.say(pickUpText(nameOf(active.id), stage));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (over && isStage(over.id) && over.id !== cardOf(active.id)?.stage) {
      drag.say(overText(nameOf(active.id), over.id));
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const found = cardOf(active.id);
    if (!found) return;
    if (!over || !isStage(over.id)) return drag.say(`${found.card.name} se soltó fuera de las columnas.`);
    drag.say(dropText(found.card.name, over.id));
    // At once, not as a transition: the card shows in its new column as the preview goes.
    onMoveTo(found.card, found.stage, over.id);
  };
  const onDragCancel = ({ active }: DragCancelEvent) => drag.say(cancelText(nameOf(active.id)));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements: silent, screenReaderInstructions: { draggable: instructions } }}
    >
      <DropBindings drag={drag} />
      <DragBindings drag={drag} />
      {/* No glide at the drop: the card shows in its new column as the preview goes. */}
      <DragOverlay dropAnimation={null}>
        <HeldCard drag={drag} cardOf={(id) => cardOf(id)?.card} />
      </DragOverlay>
    </DndContext>
  );
});
