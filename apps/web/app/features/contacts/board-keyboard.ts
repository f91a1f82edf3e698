import { STAGES, type Stage } from "@app/shared/constants";
import { type KeyboardCoordinateGetter, KeyboardSensor } from "@dnd-kit/core";
import type { BoardDrag } from "./board-drag";

// The board's keyboard: Space or Enter picks a card up, the arrows move it a column at a time,
// Space or Enter drops it, Escape cancels.

/**
 * The arrows move a held card to the next or previous column, not 25 pixels at a time. A quick
 * arrow can come before dnd-kit has measured the columns: then the column and the card are
 * measured here, and the column aimed at is noted, for a drop that comes before dnd-kit sees it.
 */
export const columnKeys =
  (drag: BoardDrag): KeyboardCoordinateGetter =>
  (event, { context }) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
    const { active, collisionRect, droppableRects, over } = context;
    if (step === undefined || !active) return undefined;
    event.preventDefault();
    const current = (drag.aimed() ?? over?.id ?? active.data.current?.stage) as Stage;
    const next = STAGES[Math.min(STAGES.length - 1, Math.max(0, STAGES.indexOf(current) + step))];
    if (!next) return undefined;
    const rect = droppableRects.get(next) ?? drag.column(next).element?.getBoundingClientRect();
    const width = collisionRect?.width ?? drag.slot(Number(active.id)).item?.getBoundingClientRect().width;
    if (!rect || width === undefined) return undefined;
    drag.aim(next);
    return { x: rect.left + (rect.width - width) / 2, y: rect.top + 48 };
  };

/** What the sensor keeps, which dnd-kit's types call private. */
type SensorInternals = {
  props: { event: Event };
  listeners: { add: (name: string, handler: (event: Event) => void) => void };
  windowListeners: { add: (name: string, handler: (event: Event) => void) => void };
  handleStart: () => void;
  handleKeyDown: (event: Event) => void;
  handleCancel: () => void;
};

/**
 * dnd-kit's keyboard sensor, listening for the next keys at once. dnd-kit starts listening only after
 * a timer, and the browser hands keys over before timers: an arrow pressed right after Space reached
 * the handle instead, and was lost. The key that picked the card up is left out here.
 */
export class BoardKeyboardSensor extends KeyboardSensor {}
Object.defineProperty(BoardKeyboardSensor.prototype, "attach", {
  value(this: SensorInternals) {
    this.handleStart();
    this.windowListeners.add("resize", this.handleCancel);
    this.windowListeners.add("visibilitychange", this.handleCancel);
    this.listeners.add("keydown", (event) => {
      if (event !== this.props.event) this.handleKeyDown(event);
    });
  },
});
