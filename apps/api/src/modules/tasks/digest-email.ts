import { BRAND } from "@app/shared/constants";
import { type Email, escapeHtml, layout } from "../email/index.ts";
import type { DigestItem, TaskDigest } from "./digest.ts";

const pending = (count: number) =>
  count === 0 ? "ninguna pendiente" : `${count} ${count === 1 ? "pendiente" : "pendientes"}`;

const digestSections = (digest: TaskDigest): [string, DigestItem[]][] =>
  (
    [
      ["Vencidas", digest.overdue],
      ["Hoy", digest.today],
    ] as [string, DigestItem[]][]
  ).filter(([, items]) => items.length > 0);

/** To a staff member in the morning: their overdue tasks and today's, each with a link to its contact. */
export function taskDigestEmail(ownerName: string, digest: TaskDigest): Email {
  const sections = digestSections(digest);
  const listed = digest.overdue.length + digest.today.length;
  const more = digest.total - listed;
  const intro =
    digest.total === 0
      ? "Ya no tienes tareas pendientes para hoy."
      : "Estas son tus tareas pendientes para hoy y las que ya vencieron:";
  const moreLine = more > 0 ? `Y ${more} ${more === 1 ? "tarea más" : "tareas más"} en el CRM.` : "";
  const text = [
    `Hola ${ownerName}:`,
    "",
    intro,
    ...sections.flatMap(([label, items]) => [
      "",
      label,
      ...items.flatMap((item) => [`- ${item.due} · ${item.title} · ${item.contact}`, `  ${item.link}`]),
    ]),
    ...(moreLine ? ["", moreLine] : []),
    "",
    `Ver todas tus tareas: ${digest.tasksUrl}`,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Tus tareas de hoy",
    [
      `<p>Hola ${escapeHtml(ownerName)}:</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...sections.map(
        ([label, items]) =>
          `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(label)}</h2><ul style="margin:0;padding-left:20px;font-size:14px">${items
            .map(
              (item) =>
                `<li style="margin:0 0 8px"><strong>${escapeHtml(item.due)}</strong> · <a href="${escapeHtml(item.link)}" style="color:#245c3a">${escapeHtml(item.title)}</a><br><span style="color:#44534a">${escapeHtml(item.contact)}</span></li>`,
            )
            .join("")}</ul>`,
      ),
      moreLine ? `<p>${escapeHtml(moreLine)}</p>` : "",
      `<p style="margin:24px 0 0"><a href="${escapeHtml(digest.tasksUrl)}" style="color:#245c3a">Ver todas tus tareas</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Tus tareas de hoy: ${pending(digest.total)}`, text, html };
}
