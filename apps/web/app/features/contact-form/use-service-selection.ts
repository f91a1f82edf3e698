import { matchServiceType } from "@app/shared/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  clearRequestedTitles,
  readRequestedTitles,
  removeRequestedTitle,
  useRequestedTitles,
} from "./requested-titles";

export type ServiceSelectionOptions = {
  titles: string[];
  getSelected: () => string[];
  setSelected: (titles: string[]) => void;
};

/**
 * Spec section 4: the form's chosen services follow the requested-titles list. A title requested
 * anywhere on the site selects its service type (exact, then partial match) and flags it "Auto";
 * removing a service also removes what requested it; "Limpiar todo" clears both.
 */
export function useServiceSelection({ titles, getSelected, setSelected }: ServiceSelectionOptions) {
  const requested = useRequestedTitles();
  const [auto, setAuto] = useState<ReadonlySet<string>>(new Set());
  const applied = useRef(new Set<string>());

  useEffect(() => {
    const still = new Set(requested.map((entry) => entry.title));
    // A title removed from the list and requested again is applied again.
    for (const title of applied.current) if (!still.has(title)) applied.current.delete(title);
    const selected = getSelected();
    const added: string[] = [];
    for (const { title } of requested) {
      if (applied.current.has(title)) continue;
      applied.current.add(title);
      const match = matchServiceType(title, titles);
      if (match && !selected.includes(match) && !added.includes(match)) added.push(match);
    }
    if (added.length === 0) return;
    setSelected([...selected, ...added]);
    setAuto((current) => new Set([...current, ...added]));
  }, [requested, titles, getSelected, setSelected]);

  const remove = useCallback(
    (title: string) => {
      setSelected(getSelected().filter((item) => item !== title));
      setAuto((current) => new Set([...current].filter((item) => item !== title)));
      for (const entry of readRequestedTitles()) {
        if (matchServiceType(entry.title, titles) === title) removeRequestedTitle(entry.title);
      }
    },
    [getSelected, setSelected, titles],
  );

  const toggle = useCallback(
    (title: string) => {
      if (getSelected().includes(title)) remove(title);
      else setSelected([...getSelected(), title]);
    },
    [getSelected, setSelected, remove],
  );

  /** The form was sent and reset: what requested its services is done with (nothing is validated). */
  const forget = useCallback(() => {
    setAuto(new Set());
    clearRequestedTitles();
  }, []);

  const clear = useCallback(() => {
    setSelected([]);
    forget();
  }, [setSelected, forget]);

  return { auto, toggle, remove, clear, forget };
}
