import type { Dashboard } from "@app/shared";
import { CircleDot, MessageSquarePlus, MessageSquareReply, NotebookPen } from "lucide-react";
import { formatDateTime } from "~/lib/format-date";

type Activity = Dashboard["recentActivity"][number];

const KINDS: Record<Activity["kind"], { Icon: typeof CircleDot; sentence: (activity: Activity) => string }> = {
  new_message: { Icon: MessageSquarePlus, sentence: (activity) => `Nueva solicitud de ${activity.clientName}` },
  reply: {
    Icon: MessageSquareReply,
    sentence: (activity) => `${activity.actor ?? "El personal"} respondió a ${activity.clientName}`,
  },
  status_change: {
    Icon: CircleDot,
    sentence: (activity) =>
      `${activity.actor ?? "El personal"} cambió el estado de un mensaje de ${activity.clientName}`,
  },
  note: {
    Icon: NotebookPen,
    sentence: (activity) => `${activity.actor ?? "El personal"} añadió una nota a ${activity.clientName}`,
  },
};

/** New requests, replies, status changes and notes, newest first. */
export function RecentActivity({ activity }: { activity: Dashboard["recentActivity"] }) {
  return (
    <section
      aria-labelledby="actividad-reciente"
      className="grid grid-cols-1 content-start gap-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <h2 id="actividad-reciente" className="font-bold text-leaf-900 text-lg">
        Actividad reciente
      </h2>
      {activity.length === 0 ? (
        <p className="text-stone-600">Todavía no hay actividad.</p>
      ) : (
        <ol className="grid gap-3">
          {activity.map((item, index) => {
            const { Icon, sentence } = KINDS[item.kind];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole, never reordered
              <li key={index} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-leaf-700" aria-hidden="true" />
                <div className="grid min-w-0 gap-0.5">
                  <p className="text-sm text-stone-900">{sentence(item)}</p>
                  {item.detail && <p className="line-clamp-2 break-words text-sm text-stone-600">{item.detail}</p>}
                  <p className="text-stone-600 text-xs">
                    <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
