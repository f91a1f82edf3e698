import { z } from "zod";
import { STAGES } from "../crm-rules.ts";

const count = z.number().int().min(0);
const stage = z.enum(STAGES);
const trend = z.object({ current: z.number().int(), previous: z.number().int() });

/** `GET /api/dashboard`: the morning overview, from the data. */
export const dashboardSchema = z.object({
  /** New requests in the last 7 days, and in the 7 before. */
  newMessages: trend,
  /** Requests waiting for an answer now, and how many waited 7 days ago. */
  pendingMessages: trend,
  /** Clients who wrote in the last 30 days, and in the 30 before. */
  activeClients: trend,
  /** Replies sent in the last 7 days, and in the 7 before. */
  repliedThisWeek: trend,
  inReview: z.number().int(),
  recentActivity: z.array(
    z.object({
      kind: z.enum(["new_message", "reply", "status_change", "note"]),
      at: z.string(),
      clientId: z.number().int().nullable(),
      clientName: z.string(),
      /** Who did it (staff), null for a request from the site. */
      actor: z.string().nullable(),
      detail: z.string(),
    }),
  ),
  /** Requests per product or service per week, the last 12 weeks (oldest first, Monday dates). */
  weeklyRequests: z.object({
    weeks: z.array(z.string()),
    series: z.array(
      z.object({ serviceTypeId: z.number().int(), title: z.string(), counts: z.array(z.number().int()) }),
    ),
  }),
  /** Requests of the last 12 weeks by the client's country code, most first. */
  countryCodes: z.array(z.object({ countryCode: z.string(), count: z.number().int() })),
  /** Open tasks: the signed-in staff member's and everyone's (`/crm/tareas?de=equipo`); overdue: due before now. */
  tasks: z.object({
    mineOpen: count,
    mineOverdue: count,
    teamOpen: count,
    teamOverdue: count,
  }),
  /** Contacts of the main list in each stage now, the six stages in the board's order. */
  funnel: z.array(z.object({ stage: stage, count })),
  /**
   * The contacts that came in over the last 90 days, step by step along Nuevo → Contactado →
   * Cotización enviada → Negociación → Ganado: of those that reached `from`, how many reached `to`
   * (or a later stage: a jump passes the stages between). `rate` is `advanced / reached`, null when
   * none reached `from`. Perdido is no step: a lost contact keeps the furthest stage it reached.
   */
  conversion: z.array(
    z.object({ from: stage, to: stage, reached: count, advanced: count, rate: z.number().min(0).max(1).nullable() }),
  ),
  /**
   * Per staff member, the requests from the site whose first answer came in the last 30 days: the
   * median minutes from arrival to that first answer (halfway between the middle two for an even
   * count), how many, and how many under 24 hours (the site's promise). A request counts for whoever's
   * answer it carries; a later "Responder de nuevo" does not move its first answer.
   */
  firstReply: z.array(
    z.object({
      staffId: z.number().int(),
      name: z.string(),
      medianMinutes: z.number().min(0),
      replies: count,
      within24h: count,
    }),
  ),
  /**
   * Money (issue 33): every opportunity's value by stage; orders' revenue before IVA (not cancelled)
   * by month, the last 12, and by product; quotes sent in those months and how many were accepted;
   * the median days from a client's first message to their first order, over the clients with one.
   */
  sales: z.object({
    pipelineByStage: z.array(z.object({ stage, count, valueCents: count })),
    revenueByMonth: z.array(z.object({ month: z.string(), valueCents: count, orders: count })),
    revenueByProduct: z.array(z.object({ serviceTypeId: z.number().int(), title: z.string(), valueCents: count })),
    quotesAccepted: z.object({ sent: count, accepted: count }),
    firstOrder: z.object({ medianDays: z.number().min(0).nullable(), clients: count }),
  }),
  /** Value (US cents) and number of contacts won, by month of Ecuador's calendar, the last 12 (oldest first). */
  wonByMonth: z.array(z.object({ month: z.string(), valueCents: count, count })),
  /**
   * Taps on the products' `WhatsApp` buttons over the last `days` days of Ecuador's calendar, today
   * included: per product (the slug of its page, and the title it has on the site, or had), most
   * first, and their total.
   */
  whatsappClicks: z.object({
    days: count,
    total: count,
    products: z.array(z.object({ product: z.string(), title: z.string(), clicks: count })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
