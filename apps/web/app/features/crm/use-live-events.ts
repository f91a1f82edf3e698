import type { StaffUser } from "@app/shared";
import { CRM_ROLES, type LiveEvent, type StaffRole } from "@app/shared/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { paths } from "~/lib/paths";
import { whenNoLeaveQuestion } from "~/lib/unsaved-changes";
import { LiveConnection } from "./live-connection";

/** Events that come together are one reload and one announcement. */
const DEBOUNCE_MS = 300;
/** An announcement is cleared after this, so the same words can be announced again later. */
const ANNOUNCEMENT_MS = 10_000;
const TITLE_COUNT = /^\(\d+\) /;

type Batch = { leads: number; assigned: number; replies: number; answers: number };
const emptyBatch = (): Batch => ({ leads: 0, assigned: 0, replies: 0, answers: 0 });

/** What a person is told about a batch of colleagues' changes, in Spanish. */
export function announcementOf({ leads, assigned, replies, answers }: Batch) {
  const parts: string[] = [];
  if (leads > 0) parts.push(leads === 1 ? "1 contacto nuevo" : `${leads} contactos nuevos`);
  if (answers > 0)
    parts.push(answers === 1 ? "Un cliente respondió por correo" : `${answers} clientes respondieron por correo`);
  if (assigned > 0) parts.push(assigned === 1 ? "Te asignaron un contacto" : `Te asignaron ${assigned} contactos`);
  if (replies > 0)
    parts.push(replies === 1 ? "Un colega respondió un mensaje" : `Tus colegas respondieron ${replies} mensajes`);
  return parts.join(". ");
}

/**
 * Live updates in the CRM shell: whatever screen is open reloads its data when something changes
 * (React Router revalidation, so the screens need no code of their own), a polite announcement
 * says what colleagues did, and the tab title counts the new leads not seen yet: "(2) Contactos |
 * …", until the person looks at the contacts screen again.
 */
export function useLiveEvents(user: StaffUser) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const [unseen, setUnseen] = useState(0);
  const latest = useRef({ user, revalidate: revalidator.revalidate });
  latest.current = { user, revalidate: revalidator.revalidate };
  const connection = useRef<Pick<LiveConnection, "stop" | "sessionRenewed"> | undefined>(undefined);

  // Until the account is fixed (temporary password, missing second factor) the server refuses the
  // stream; the contacts' events are not a content editor's either.
  const gated =
    user.mustChangePassword || user.mustAddSecondFactor || !(CRM_ROLES as readonly StaffRole[]).includes(user.role);
  useEffect(() => {
    if (gated) return;
    let batch = emptyBatch();
    let reload = false;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let clearTimer: ReturnType<typeof setTimeout> | undefined;
    let variant = false;
    let cancelReload = () => {};
    const reloadScreen = () => void latest.current.revalidate();
    const flush = () => {
      const done = batch;
      batch = emptyBatch();
      if (reload) cancelReload = whenNoLeaveQuestion(reloadScreen);
      reload = false;
      setUnseen((count) => count + done.leads);
      const words = announcementOf(done);
      if (!words) return;
      // A no-break space makes the same words a change, so they are announced again.
      variant = !variant;
      setAnnouncement(variant ? words : `${words}\u00a0`);
      clearTimeout(clearTimer);
      clearTimer = setTimeout(() => setAnnouncement(""), ANNOUNCEMENT_MS);
    };
    const schedule = () => {
      clearTimeout(flushTimer);
      flushTimer = setTimeout(flush, DEBOUNCE_MS);
    };
    const onEvent = (event: LiveEvent) => {
      const me = latest.current.user.id;
      const mine = event.actorId === me;
      // This tab made the change and reloads after it anyway; another tab of mine, hidden, does not.
      if (!mine || document.visibilityState === "hidden") reload = true;
      if (!mine) {
        if (event.kind === "lead_created") batch.leads += 1;
        if (event.kind === "message_received") batch.answers += 1;
        if (event.kind === "owner_changed" && event.ownerId === me) batch.assigned += 1;
        if (event.kind === "message_replied") batch.replies += 1;
      }
      schedule();
    };
    const live = new LiveConnection({
      onEvent,
      onResync: () => {
        reload = true;
        schedule();
      },
    });
    const stopAll = () => {
      live.stop();
      // A reload still waiting for its debounce would run the screen's loaders after sign-out: 401s.
      clearTimeout(flushTimer);
      clearTimeout(clearTimer);
      cancelReload();
    };
    connection.current = { stop: stopAll, sessionRenewed: () => live.sessionRenewed() };
    live.start();
    return () => {
      stopAll();
      connection.current = undefined;
    };
  }, [gated]);

  // A new user object means a renewed session (a refresh or a password change): the stream can
  // follow it. Not on the first render, which opened the stream already.
  const shownUser = useRef(user);
  useEffect(() => {
    if (shownUser.current === user) return;
    shownUser.current = user;
    connection.current?.sessionRenewed();
  }, [user]);

  // The contacts screen, shown in a visible tab the person is using, has been seen.
  const onContacts = pathname === paths.crmMessages;
  useEffect(() => {
    if (!onContacts) return;
    const seen = () => {
      if (document.visibilityState === "visible") setUnseen(0);
    };
    seen();
    const events = ["focus", "pointerdown", "keydown"] as const;
    for (const type of events) window.addEventListener(type, seen, { capture: true, passive: true });
    document.addEventListener("visibilitychange", seen);
    return () => {
      for (const type of events) window.removeEventListener(type, seen, { capture: true });
      document.removeEventListener("visibilitychange", seen);
    };
  }, [onContacts]);

  // The screen's own title (from its route's meta), with the count in front while there is one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen sets its own title, which needs the count again
  useEffect(() => {
    const base = document.title.replace(TITLE_COUNT, "");
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [unseen, pathname]);
  useEffect(
    () => () => {
      document.title = document.title.replace(TITLE_COUNT, "");
    },
    [],
  );

  // Signing out ends the stream first: opened meanwhile (the person's tap on Cerrar sesión wakes a
  // waiting stream), it would meet a session the server has just ended.
  const stop = useCallback(() => connection.current?.stop(), []);
  return { announcement, stop };
}
