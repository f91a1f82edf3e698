import type { PriceItem, Quote } from "@app/shared";
import { useMemo, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { saveFile } from "~/lib/save-file";
import {
  draftOf,
  draftProblems,
  emptyDraft,
  fieldsOf,
  type LineField,
  listPriceInput,
  liveAmounts,
  newLine,
  type QuoteDraft,
  sameDraft,
} from "./quote-draft";
import { todayInEcuador } from "./quote-format";
import type { RunQuoteIntent } from "./quotes-actions";
import { downloadQuotePdf } from "./quotes-api";

// The editor's state and what its buttons do: the draft as typed, its problems (shown once a field
// is left, and all of them after a save), the API's refusals under the fields they name, and a save
// before `Enviar cotización` and `Descargar PDF` when the screen holds unsaved changes.

export type Outcome = { tone: "success" | "problem"; text: string } | null;
export type Busy = "save" | "send" | "pdf" | null;

type EditorOptions = {
  quote: Quote | null;
  clientId: number;
  items: PriceItem[];
  run: RunQuoteIntent;
  /** A new quote was stored: its own address. */
  onCreated: (quote: Quote) => void;
};

export function useQuoteEditor({ quote, clientId, items, run, onCreated }: EditorOptions) {
  const nextKey = useRef(0);
  const keyOf = () => {
    nextKey.current += 1;
    return `l${nextKey.current}`;
  };
  const [today] = useState(() => todayInEcuador());
  const [start] = useState(() => (quote ? draftOf(quote, keyOf) : emptyDraft(today, keyOf())));
  const [draft, setDraft] = useState(start);
  /** What is stored: a draft equal to it has nothing to save. */
  const [baseline, setBaseline] = useState(start);
  const [stored, setStored] = useState(quote);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  /** Bumped by each refused save: the summary of problems takes the focus. */
  const [refusals, setRefusals] = useState(0);

  const itemsById = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const problems = useMemo(() => draftProblems(draft, today), [draft, today]);
  const amounts = useMemo(() => liveAmounts(draft, itemsById), [draft, itemsById]);
  const dirty = !sameDraft(draft, baseline);

  /** The message under a field: the API's, or the form's own once the field was left or saved. */
  const errorAt = (path: string) => serverErrors[path] ?? (submitted || touched.has(path) ? problems[path] : undefined);

  const edit = (change: (before: QuoteDraft) => QuoteDraft, path: string) => {
    setDraft(change);
    setOutcome(null);
    setServerErrors((before) => {
      if (!(path in before)) return before;
      const { [path]: _, ...rest } = before;
      return rest;
    });
  };

  const setField = <F extends "validUntil" | "paymentTerms" | "deliveryNotes">(field: F, value: QuoteDraft[F]) =>
    edit((before) => ({ ...before, [field]: value }), field);

  const setLineField = (index: number, field: LineField, value: string) =>
    edit(
      (before) => ({
        ...before,
        lines: before.lines.map((line, at) => {
          if (at !== index) return line;
          if (field !== "priceItemId") return { ...line, [field]: value };
          const item = itemsById.get(Number(value));
          // A presentation brings its list price, which stays editable.
          return {
            ...line,
            priceItemId: value ? Number(value) : null,
            unitPrice: item ? listPriceInput(item) : line.unitPrice,
          };
        }),
      }),
      `lines.${index}.${field}`,
    );

  const leave = (path: string) => setTouched((before) => (before.has(path) ? before : new Set(before).add(path)));

  /** Adds an empty line; its key, for the focus. */
  const addLine = () => {
    const key = keyOf();
    edit((before) => ({ ...before, lines: [...before.lines, newLine(key)] }), "lines");
    return key;
  };

  const removeLine = (index: number) => {
    edit((before) => ({ ...before, lines: before.lines.filter((_, at) => at !== index) }), "lines");
    // The API's words were about lines by position: after a removal they may name another line.
    setServerErrors((before) =>
      Object.fromEntries(Object.entries(before).filter(([path]) => !path.startsWith("lines."))),
    );
  };

  /** The quote as the server has it now: the form shows it and builds on it. */
  const adopt = (saved: Quote) => {
    // The lines keep their keys (and the focus its field) where they are the same lines.
    const next = draftOf(saved, (index) => draft.lines[index]?.key ?? keyOf());
    setStored(saved);
    setDraft(next);
    setBaseline(next);
  };

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setConflict(errorMessage(error));
      return;
    }
    if (error instanceof ApiError && error.status === 400 && error.details.length > 0) {
      setServerErrors(Object.fromEntries(error.details.map(({ path, message }) => [path, message])));
      setSubmitted(true);
      setRefusals((count) => count + 1);
      return;
    }
    setOutcome({ tone: "problem", text: errorMessage(error) });
  };

  /** Saves what the screen holds when it differs from what is stored; the stored quote, or null. */
  const persist = async (): Promise<Quote | null> => {
    setSubmitted(true);
    setOutcome(null);
    if (Object.keys(problems).length > 0) {
      setRefusals((count) => count + 1);
      return null;
    }
    if (stored && !dirty) return stored;
    try {
      const saved = await run(
        stored
          ? { intent: "update-quote", quoteId: stored.id, fields: fieldsOf(draft), version: stored.version }
          : { intent: "create-quote", clientId, fields: fieldsOf(draft) },
      );
      setServerErrors({});
      setConflict(null);
      adopt(saved);
      if (!stored) onCreated(saved);
      return saved;
    } catch (error) {
      refused(error);
      return null;
    }
  };

  const withBusy = async <T>(kind: Busy, work: () => Promise<T>) => {
    setBusy(kind);
    try {
      return await work();
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    withBusy("save", async () => {
      if (await persist()) setOutcome({ tone: "success", text: "Borrador guardado." });
    });

  /** Saves first when needed; the stored quote to send, or null (the screen says why). */
  const prepareSend = () => withBusy("send", persist);

  const downloadPdf = () =>
    withBusy("pdf", async () => {
      const saved = await persist();
      if (!saved) return;
      try {
        saveFile(await downloadQuotePdf(saved.id));
      } catch (error) {
        setOutcome({ tone: "problem", text: errorMessage(error) });
      }
    });

  return {
    draft,
    dirty,
    stored,
    today,
    itemsById,
    amounts,
    problems,
    serverErrors,
    errorAt,
    outcome,
    conflict,
    busy,
    refusals,
    summaryShown: submitted,
    setField,
    setLineField,
    leave,
    addLine,
    removeLine,
    save,
    prepareSend,
    downloadPdf,
    /** `Ver la versión actual`: the form takes what someone else stored. */
    takeTheirs: (current: Quote) => {
      adopt(current);
      setConflict(null);
    },
    /** `Mantener mis cambios`: the next save replaces their version with this one. */
    keepMine: (current: Quote) => {
      setStored(current);
      setConflict(null);
    },
  };
}

export type QuoteEditorState = ReturnType<typeof useQuoteEditor>;
