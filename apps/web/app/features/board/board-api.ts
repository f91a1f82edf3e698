import type { Board, BoardQuery } from "@app/shared";
import { STAGES, type Stage } from "@app/shared/constants";
import { formatOwner, type OwnerChoice, parseId, parseOwner } from "~/features/contacts";
import { authRequest } from "~/lib/api-client";

// The board's address and calls (/crm/embudo): `?responsable=mios|sin|ID&producto=ID`.

export type BoardFilters = { owner: OwnerChoice | null; serviceTypeId: number | null };

const PARAMS = { owner: "responsable", product: "producto" } as const;

export function parseBoardFilters(search: URLSearchParams): BoardFilters {
  return { owner: parseOwner(search.get(PARAMS.owner)), serviceTypeId: parseId(search.get(PARAMS.product)) };
}

export function formatBoardFilters(filters: BoardFilters) {
  const params = new URLSearchParams();
  if (filters.owner !== null) params.set(PARAMS.owner, formatOwner(filters.owner));
  if (filters.serviceTypeId !== null) params.set(PARAMS.product, String(filters.serviceTypeId));
  return params.toString();
}

function boardQuery(filters: BoardFilters, more?: { stage: Stage; offset: number }) {
  const query: BoardQuery = {
    ...(filters.owner !== null ? { owner: filters.owner } : {}),
    ...(filters.serviceTypeId !== null ? { serviceTypeId: filters.serviceTypeId } : {}),
    ...(more ?? {}),
  };
  return new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

/** `GET /api/board`: the six columns and their first cards. */
export const loadBoard = (filters: BoardFilters, signal?: AbortSignal) =>
  authRequest<Board>(`/board?${boardQuery(filters)}`, { signal });

/** More cards of one column, after the `offset` already shown. */
export const loadMoreCards = (filters: BoardFilters, stage: Stage, offset: number) =>
  authRequest<Board>(`/board?${boardQuery(filters, { stage, offset })}`).then(
    (board) => board.columns.find((column) => column.stage === stage) ?? null,
  );

export const isStage = (value: unknown): value is Stage => STAGES.includes(value as Stage);
