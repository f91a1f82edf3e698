import type { Order } from "@app/shared";
import { formatLongDay } from "./order-format";

// `Próximo pedido` in plain Spanish, with the figures the API computed (decision 056; the rule itself
// is in apps/api/src/modules/sales/repeat-reminders.ts).

export type NextOrder = NonNullable<Order["nextOrder"]>;

/** The rule as a person reads it, under the figures. */
export const REPEAT_RULE_TEXT =
  "Cómo lo calculamos: con dos pedidos o más, la mediana de los días entre ellos (sin contar los cancelados), " +
  "entre 14 y 365 días; con uno solo, 90 días, el ciclo de una temporada. El recordatorio es una tarea que llega " +
  "un cuarto de ese plazo antes (entre 3 y 14 días), a las 09:00.";

/** "Esperamos el próximo pedido hacia el 28 de febrero de 2027: este cliente pide cada 90 días (…)." */
export function expectationSentence({ expectedOn, gapDays, ordersCounted }: NextOrder) {
  const why =
    ordersCounted > 1
      ? `la mediana entre sus ${ordersCounted} pedidos`
      : `con un solo pedido suponemos ${gapDays} días`;
  return `Esperamos el próximo pedido hacia el ${formatLongDay(expectedOn)}: este cliente pide cada ${gapDays} días (${why}).`;
}

/**
 * "Recordaremos a Ana Administradora el 14 de febrero.": the year only when it is not the expected
 * order's; said in the past once the day has come.
 */
export function reminderSentence({ expectedOn, remindOn }: NextOrder, ownerName: string | null, today: string) {
  const day = formatLongDay(remindOn, remindOn.slice(0, 4) !== expectedOn.slice(0, 4));
  if (!ownerName) return `Quedará una tarea de recordatorio, sin responsable, para el ${day}.`;
  return remindOn > today ? `Recordaremos a ${ownerName} el ${day}.` : `Se lo recordamos a ${ownerName} el ${day}.`;
}
