import type { BoardColumn } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { formatCount } from "~/lib/format-number";
import { columnTitleId } from "./board-column";

/**
 * On a phone the board shows one stage at a time: these buttons bring a stage's column into view
 * and put the focus on it, so nobody has to swipe past four columns to reach `Ganado`.
 */
export function BoardStagePicker({ columns }: { columns: BoardColumn[] }) {
  return (
    <nav aria-label="Ir a la etapa" className="min-w-0 md:hidden">
      {/* One line that scrolls on its own, like the contacts list's chips: the board stays near the top. */}
      <ul className="flex gap-1.5 overflow-x-auto pb-1">
        {columns.map((column) => (
          <li key={column.stage} className="shrink-0">
            <button
              type="button"
              onClick={() => {
                const target = document.getElementById(columnTitleId(column.stage))?.closest("section");
                target?.scrollIntoView({ block: "nearest", inline: "start" });
                target?.focus({ preventScroll: true });
              }}
              className="inline-flex min-h-10 items-center whitespace-nowrap gap-1.5 rounded-full bg-white px-3 font-semibold text-leaf-900 text-sm ring-1 ring-stone-300 hover:bg-leaf-50"
            >
              {STAGE_LABELS[column.stage]}
              <span className="text-stone-600">
                {column.countIsExact ? "" : "+"}
                {formatCount(column.count)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
