import { STAGES, type Stage } from "@app/shared/constants";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { useLayoutEffect } from "react";
import { type BoardDrag, type Listeners, useBoardDrag } from "./board-drag";

// dnd-kit's side of the board: one binding per column and one per armed card, the only parts of
// the board inside dnd-kit's context (see board-drag.ts). They render nothing.

/** The six columns as dnd-kit droppables. */
export function DropBindings({ drag }: { drag: BoardDrag }) {
  return STAGES.map((stage) => <DropBinding key={stage} stage={stage} drag={drag} />);
}

function DropBinding({ stage, drag }: { stage: Stage; drag: BoardDrag }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  useLayoutEffect(() => {
    const slot = drag.column(stage);
    slot.attach = setNodeRef;
    setNodeRef(slot.element);
    return () => {
      slot.attach = undefined;
    };
  }, [setNodeRef, drag, stage]);
  useLayoutEffect(() => drag.setOver(stage, isOver), [drag, stage, isOver]);
  return null;
}

/** The armed cards as dnd-kit draggables. */
export function DragBindings({ drag }: { drag: BoardDrag }) {
  const armed = useBoardDrag(drag, (store) => store.armed(), []);
  return armed.map((id) => <DragBinding key={id} id={id} drag={drag} />);
}

function DragBinding({ id, drag }: { id: number; drag: BoardDrag }) {
  const { setNodeRef, setActivatorNodeRef, listeners, isDragging } = useDraggable({ id });
  useLayoutEffect(() => {
    const slot = drag.slot(id);
    slot.attach = (card) => {
      setNodeRef(card.item);
      setActivatorNodeRef(card.handle);
    };
    slot.attach(slot);
    return () => {
      slot.attach = undefined;
    };
  }, [drag, id, setNodeRef, setActivatorNodeRef]);
  useLayoutEffect(() => {
    const slot = drag.slot(id);
    slot.listeners = listeners as Listeners | undefined;
    return () => {
      slot.listeners = undefined;
    };
  }, [drag, id, listeners]);
  useLayoutEffect(() => {
    drag.setHeld(id, isDragging);
    return () => drag.setHeld(id, false);
  }, [drag, id, isDragging]);
  return null;
}
