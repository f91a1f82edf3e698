import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { type Location, type NavigationType, useBlocker, useNavigate } from "react-router";

// Work a person typed or chose and has not stored yet (decision 047). Every `Dialog` owns a registry
// of it; each part inside reports whether it holds unsaved work and, if the dialog's one `Guardar`
// stores it, how. The dialog asks before such work is thrown away by a close, and `useLeaveGuard`
// before a navigation throws it away.

/** One part of a screen that can hold unsaved work. */
export type TrackedEdit = {
  /** What is typed or chosen differs from what is stored. */
  dirty: boolean;
  /**
   * Stores it, for the dialog's one `Guardar`: resolves to the sentence that says so, or null when
   * it was refused (the part shows why, on its fields). Absent when the part has a button of its own
   * that sends something (a reply): such work is only guarded.
   */
  save?: () => Promise<string | null>;
};

type Registry = { set: (key: string, edit: TrackedEdit | null) => void };

const RegistryContext = createContext<Registry | null>(null);

/** What `saveAll` did: the sentences of the parts stored, and whether any part refused. */
export type SaveOutcome = { saved: string[]; refused: boolean };

export type UnsavedChanges = {
  /** Whether any part holds unsaved work, as of the last render. */
  dirty: boolean;
  /** The same, now: for a check that runs between renders (a navigation, a close). */
  isDirty: () => boolean;
  /** The person chose to throw the work away: nothing counts as unsaved any more. */
  discard: () => void;
  /**
   * Stores the parts that can be stored, one after another, in the order they first appeared (a
   * contact's stage before its owner: each change needs the version the last one left).
   */
  saveAll: () => Promise<SaveOutcome>;
  registry: Registry;
};

/** A registry for the parts below `UnsavedChangesProvider`. */
export function useUnsavedChanges(): UnsavedChanges {
  const edits = useRef(new Map<string, TrackedEdit>());
  const discarded = useRef(false);
  const [dirtyCount, setDirtyCount] = useState(0);
  const isDirty = useCallback(() => !discarded.current && [...edits.current.values()].some((edit) => edit.dirty), []);
  const registry = useMemo<Registry>(
    () => ({
      set(key, edit) {
        // New work after a discard (the dialog opened again) counts again.
        if (edit?.dirty) discarded.current = false;
        if (edit) edits.current.set(key, edit);
        else edits.current.delete(key);
        setDirtyCount([...edits.current.values()].filter((entry) => entry.dirty).length);
      },
    }),
    [],
  );
  const discard = useCallback(() => {
    discarded.current = true;
  }, []);
  const saveAll = useCallback(async (): Promise<SaveOutcome> => {
    const outcome: SaveOutcome = { saved: [], refused: false };
    for (const edit of [...edits.current.values()]) {
      if (!edit.dirty || !edit.save) continue;
      const said = await edit.save();
      if (said === null) outcome.refused = true;
      else outcome.saved.push(said);
    }
    return outcome;
  }, []);
  return { dirty: dirtyCount > 0 && !discarded.current, isDirty, discard, saveAll, registry };
}

export function UnsavedChangesProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** Reports a part's unsaved work to the registry above it (nothing happens without one). */
export function useTrackedEdit(key: string, { dirty, save }: TrackedEdit) {
  const registry = useContext(RegistryContext);
  // The latest `save` (it closes over the latest values) without registering again on each render.
  const latestSave = useRef(save);
  latestSave.current = save;
  const saves = save !== undefined;
  useEffect(() => {
    registry?.set(key, {
      dirty,
      save: saves ? () => latestSave.current?.() ?? Promise.resolve(null) : undefined,
    });
  }, [registry, key, dirty, saves]);
  useEffect(() => () => registry?.set(key, null), [registry, key]);
}

/** The leave question of `useLeaveGuard`: whether it is asked, and the person's two answers. */
export type LeaveQuestion = {
  open: boolean;
  /** Throws the work away and goes where the person was going. */
  leave: () => void;
  /** Back to the work, at the address it has. */
  stay: () => void;
};

/** A navigation held back, and how to make it again. */
type Held = {
  location: Location;
  action: NavigationType;
  /** For the back and forward buttons: the history entry they went to (React Router's `idx`). */
  entry: number | undefined;
};

const historyEntry = (): number | undefined => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : undefined;
};

/**
 * Asks before a navigation throws unsaved work away (a link, the back button) and lets the browser
 * ask before a reload or a closed tab. `isDirty` is read when the navigation happens; `leaves` says
 * which navigations leave the work (by default, any to another address). `allow` lets the next one
 * through: a save that moves on to the item's new address before a render has seen it saved.
 *
 * The question is this hook's own state, not the router's blocker: React Router sets every blocker
 * back to idle when any navigation or revalidation completes, so a reload already on its way when
 * the person pressed Back (a colleague's change arriving live) took the question away. It is set
 * where the navigation is held, not from a render that sees the blocker blocked: the router renders
 * its state in transitions, and a hold and a completed reload before the next render reach the
 * screen as one state, the blocker already idle. When the blocker has gone idle, `leave` makes the
 * held navigation again.
 */
export function useLeaveGuard(
  isDirty: () => boolean,
  leaves: (next: Location, current: Location) => boolean = differs,
): { question: LeaveQuestion; allow: () => void } {
  const navigate = useNavigate();
  const allowed = useRef(false);
  const [held, setHeld] = useState<Held | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    const holds = isDirty() && leaves(nextLocation, currentLocation);
    if (holds) setHeld({ location: nextLocation, action: historyAction, entry: historyEntry() });
    return holds;
  });
  const blocked = blocker.state === "blocked";
  const latestIsDirty = useRef(isDirty);
  latestIsDirty.current = isDirty;
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (latestIsDirty.current()) event.preventDefault();
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);
  const allow = useCallback(() => {
    allowed.current = true;
  }, []);

  const open = blocked || held !== null;
  useEffect(() => {
    if (!open) return;
    openQuestions += 1;
    return () => {
      openQuestions -= 1;
      if (openQuestions > 0) return;
      const runs = [...waitingForAnswer];
      waitingForAnswer.clear();
      for (const run of runs) run();
    };
  }, [open]);

  const leave = () => {
    const target = held;
    setHeld(null);
    if (blocker.state === "blocked") return blocker.proceed();
    if (!target) return;
    allowed.current = true;
    const here = historyEntry();
    if (target.action === "POP" && target.entry !== undefined && here !== undefined) navigate(target.entry - here);
    else navigate(target.location, { replace: target.action === "REPLACE", state: target.location.state });
  };
  const stay = () => {
    setHeld(null);
    if (blocker.state === "blocked") blocker.reset();
  };
  return { question: { open, leave, stay }, allow };
}

// A reload nobody asked for (a colleague's change arriving live) waits while the leave question is
// open: it would change the screen under the person reading it.
let openQuestions = 0;
const waitingForAnswer = new Set<() => void>();

/**
 * Runs `reload` now, or once no leave question waits for the person's answer.
 * Returns what takes a waiting reload back (the stream stopped at sign-out).
 */
export function whenNoLeaveQuestion(reload: () => void): () => void {
  if (openQuestions === 0) {
    reload();
    return () => {};
  }
  waitingForAnswer.add(reload);
  return () => waitingForAnswer.delete(reload);
}

const differs = (next: Location, current: Location) =>
  next.pathname !== current.pathname || next.search !== current.search;

/** What a `Dialog` gives the parts inside it: its unsaved changes and its close that asks first. */
export type DialogChanges = UnsavedChanges & { requestClose: () => void };

export const DialogChangesContext = createContext<DialogChanges | null>(null);

/** The nearest dialog's unsaved changes and guarded close (null outside a dialog). */
export const useDialogChanges = () => useContext(DialogChangesContext);
