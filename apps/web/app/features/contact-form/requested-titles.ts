import { useSyncExternalStore } from "react";

/**
 * The requested-titles list of spec section 3: titles a person asked about anywhere on the site,
 * without duplicates, read by the contact form. Kept in sessionStorage so it survives a reload
 * in the same tab but never outlives it.
 */
export type RequestedTitle = { title: string };

const STORAGE_KEY = "requested_titles";
const EMPTY: RequestedTitle[] = [];

let current: RequestedTitle[] | undefined;
const listeners = new Set<() => void>();

function load(): RequestedTitle[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is RequestedTitle => typeof entry?.title === "string" && entry.title.length > 0,
    );
  } catch {
    // Storage can be disabled (private modes, policies): the list then lives in memory only.
    return [];
  }
}

function save(next: RequestedTitle[]) {
  current = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // See load(): memory is enough for this tab.
  }
  for (const listener of listeners) listener();
}

export function readRequestedTitles(): RequestedTitle[] {
  if (typeof window === "undefined") return EMPTY;
  current ??= load();
  return current;
}

export function addRequestedTitle(title: string) {
  const list = readRequestedTitles();
  if (list.some((entry) => entry.title === title)) return;
  save([...list, { title }]);
}

export function removeRequestedTitle(title: string) {
  const list = readRequestedTitles();
  if (list.some((entry) => entry.title === title)) save(list.filter((entry) => entry.title !== title));
}

export function clearRequestedTitles() {
  save([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestedTitles(): RequestedTitle[] {
  return useSyncExternalStore(subscribe, readRequestedTitles, () => EMPTY);
}
