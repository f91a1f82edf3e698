import type { Dashboard } from "@app/shared";
import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { CountryChart } from "./country-chart";
import { FirstReplySection } from "./first-reply-section";
import { FunnelSection } from "./funnel-section";
import { RecentActivity } from "./recent-activity";
import { SalesSection } from "./sales-section";
import { ServiceChart } from "./service-chart";
import { StatCard } from "./stat-card";
import { TasksCard } from "./tasks-card";
import { WhatsappClicksCard } from "./whatsapp-clicks-card";
import { WonByMonthChart } from "./won-by-month-chart";

/**
 * The morning overview: four figures with their change, the review queue (issue 5); pending tasks,
 * the funnel, time to first reply and value won (issue 13); two charts and recent activity.
 */
export function DashboardScreen({ dashboard }: { dashboard: Dashboard }) {
  const { inReview } = dashboard;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          id="cifra-nuevos"
          label="Mensajes nuevos (7 días)"
          trend={dashboard.newMessages}
          comparedTo="los 7 días anteriores"
          moreIsBetter
        />
        <StatCard
          id="cifra-pendientes"
          label="Pendientes"
          trend={dashboard.pendingMessages}
          comparedTo="hace 7 días"
          moreIsBetter={false}
        />
        <StatCard
          id="cifra-activos"
          label="Clientes activos (30 días)"
          trend={dashboard.activeClients}
          comparedTo="los 30 días anteriores"
          moreIsBetter
        />
        <StatCard
          id="cifra-respondidos"
          label="Respondidos esta semana"
          trend={dashboard.repliedThisWeek}
          comparedTo="la semana anterior"
          moreIsBetter
        />
      </div>

      <section
        aria-labelledby="por-revisar"
        className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-center gap-3">
          <Inbox className="size-6 shrink-0 text-petal-700" aria-hidden="true" />
          <div>
            <h2 id="por-revisar" className="font-bold text-leaf-900">
              Por revisar
            </h2>
            <p className="text-sm text-stone-700">
              {inReview === 0
                ? "No hay mensajes guardados para revisión."
                : `${inReview} ${inReview === 1 ? "mensaje guardado" : "mensajes guardados"} aparte por parecer automáticos.`}
            </p>
          </div>
        </div>
        <Link
          to={paths.crmReview}
          className="inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold text-leaf-900 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
        >
          Ver mensajes por revisar ({inReview})
        </Link>
      </section>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <TasksCard tasks={dashboard.tasks} />
        <FirstReplySection firstReply={dashboard.firstReply} />
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <FunnelSection funnel={dashboard.funnel} conversion={dashboard.conversion} />
        <WonByMonthChart wonByMonth={dashboard.wonByMonth} />
      </div>

      <SalesSection sales={dashboard.sales} />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ServiceChart weekly={dashboard.weeklyRequests} />
        <div className="grid grid-cols-1 content-start gap-6">
          <CountryChart countries={dashboard.countryCodes} />
          <WhatsappClicksCard clicks={dashboard.whatsappClicks} />
          <RecentActivity activity={dashboard.recentActivity} />
        </div>
      </div>
    </div>
  );
}
