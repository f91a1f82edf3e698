import type { AccountSession } from "@app/shared";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { useSecurityAction } from "./security-actions";
import { type Outcome, SecuritySection } from "./security-section";
import { smallActionStyles } from "./security-styles";

export type SessionsSectionProps = {
  /** Null when the list could not be loaded (`problem` says why). */
  sessions: AccountSession[] | null;
  problem: string | null;
};

/** `Sesiones activas`: each signed-in device, `Cerrar sesión` on another one, `Cerrar las demás`. */
export function SessionsSection({ sessions, problem }: SessionsSectionProps) {
  const run = useSecurityAction();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // This device first: the one the person recognises.
  const shown = [...(sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = shown.filter((session) => !session.current);

  /** The button used disappears with its session: the focus goes to the heading, the result is said below it. */
  const act = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    setOutcome(null);
    try {
      setOutcome({ tone: "success", text: await work() });
      headingRef.current?.focus();
    } catch (error) {
      setOutcome({ tone: "problem", text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SecuritySection
      id="sesiones-titulo"
      title="Sesiones activas"
      headingRef={headingRef}
      outcome={outcome ?? (problem ? { tone: "problem", text: problem } : null)}
      description={<p>Los dispositivos donde tu cuenta tiene la sesión iniciada. Cierra las que no reconozcas.</p>}
    >
      {sessions && (
        <ul className="grid gap-3">
          {shown.map((session) => (
            <li
              key={session.id}
              className="flex flex-col gap-3 rounded-xl p-3 ring-1 ring-stone-200 md:flex-row md:items-center"
            >
              <MonitorSmartphone className="hidden size-5 shrink-0 text-leaf-700 md:block" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-leaf-900">
                  {session.browser}
                  {session.current && (
                    <span className="rounded-full bg-leaf-100 px-2 py-0.5 font-semibold text-leaf-900 text-xs">
                      Este dispositivo
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  Inició sesión el {formatDateTime(session.createdAt)}
                  {session.ip ? ` desde ${session.ip}` : ""} · Red: {session.network} · Último uso:{" "}
                  {formatDateTime(session.lastUsedAt)}
                  {session.remember && " · Recordada"}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() =>
                    act(session.id, async () => {
                      await run({ intent: "end-session", id: session.id });
                      return `Se cerró la sesión en ${session.browser}.`;
                    })
                  }
                  className={smallActionStyles}
                >
                  Cerrar sesión<span className="sr-only"> en {session.browser}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() =>
              act("others", async () => {
                const { ended } = await run<{ ended: number }>({ intent: "end-other-sessions" });
                return ended === 1 ? "Se cerró 1 sesión." : `Se cerraron ${ended} sesiones.`;
              })
            }
            className={`${buttonStyles.secondary} min-h-11`}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Cerrar las demás
          </button>
        </div>
      )}
    </SecuritySection>
  );
}
