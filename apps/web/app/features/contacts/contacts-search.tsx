import {
  CRM_LIMITS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_FIELD_LABELS,
  SEARCH_FIELDS,
  type SearchField,
} from "@app/shared/constants";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ContactsQuery } from "./contacts-query";

export type ContactsSearchProps = {
  query: ContactsQuery;
  /** A new keyword or field: the list goes back to its first page. */
  onSearch: (keyword: string, field: SearchField) => void;
};

const control =
  "min-h-11 rounded-xl bg-white text-base text-stone-900 shadow-sm ring-1 ring-stone-300 focus:outline-none focus:ring-2 focus:ring-leaf-600";

/**
 * The search box (spec section 2: "Buscar contacto...") and its field choice. Typing searches 300 ms
 * after the last key (spec section 9); Enter searches at once; a new field searches at once.
 */
export function ContactsSearch({ query, onSearch }: ContactsSearchProps) {
  const [text, setText] = useState(query.keyword);
  const [field, setField] = useState(query.field);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What this box last asked for. The address (and `query`) follows only once the list has loaded:
  // the box must not be undone meanwhile, nor ask twice for the same thing.
  const asked = useRef({ keyword: query.keyword, field: query.field });

  // The address changed by itself (back button, a link): the box shows what is searched.
  useEffect(() => {
    if (query.keyword === asked.current.keyword && query.field === asked.current.field) return;
    asked.current = { keyword: query.keyword, field: query.field };
    clearTimeout(timer.current);
    setText(query.keyword);
    setField(query.field);
  }, [query.keyword, query.field]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (typed: string, chosen: SearchField) => {
    clearTimeout(timer.current);
    const keyword = typed.trim();
    if (keyword === asked.current.keyword && chosen === asked.current.field) return;
    asked.current = { keyword, field: chosen };
    onSearch(keyword, chosen);
  };

  return (
    <search className="flex flex-col gap-2 sm:flex-row">
      <form
        className="relative min-w-0 flex-1"
        onSubmit={(event) => {
          event.preventDefault();
          commit(text, field);
        }}
      >
        <label htmlFor="contacts-search" className="sr-only">
          Buscar contacto
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <input
          id="contacts-search"
          type="search"
          placeholder="Buscar contacto..."
          autoComplete="off"
          maxLength={CRM_LIMITS.keyword}
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(value, field), SEARCH_DEBOUNCE_MS);
          }}
          className={`${control} w-full py-2 pr-3 pl-10`}
        />
      </form>
      <div className="flex items-center gap-2">
        <label htmlFor="contacts-search-field" className="shrink-0 font-semibold text-leaf-900 text-sm">
          Buscar en
        </label>
        <select
          id="contacts-search-field"
          value={field}
          onChange={(event) => {
            const chosen = event.target.value as SearchField;
            setField(chosen);
            commit(text, chosen);
          }}
          className={`${control} min-w-0 flex-1 px-3 sm:flex-none`}
        >
          {SEARCH_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SEARCH_FIELD_LABELS[field]}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
