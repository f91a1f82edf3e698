import type { Board, BoardQuery, Pipeline, StageChangeInput } from "@app/shared";
import { STAGES, type Stage } from "@app/shared/constants";
import { formatOwner, type OwnerChoice, parseId, parseOwner } from "~/features/contacts";
import { authRequest } from "~/lib/api-client";

// The board's address and calls (/crm/embudo): `?responsable=mios|sin|ID&producto=ID&empresa=ID`.

export type BoardFilters = { owner: OwnerChoice | null; serviceTypeId: number | null; companyId: number | null };

const PARAMS = { owner: "responsable", product: "producto", company: "empresa" } as const;

export function parseBoardFilters(search: URLSearchParams): BoardFilters {
  return {
    owner: parseOwner(search.get(PARAMS.owner)),
    serviceTypeId: parseId(search.get(PARAMS.product)),
    companyId: parseId(search.get(PARAMS.company)),
  };
}

export function formatBoardFilters(filters: BoardFilters) {
  const params = new URLSearchParams();
  if (filters.owner !== null) params.set(PARAMS.owner, formatOwner(filters.owner));
  if (filters.serviceTypeId !== null) params.set(PARAMS.product, String(filters.serviceTypeId));
  if (filters.companyId !== null) params.set(PARAMS.company, String(filters.companyId));
  return params.toString();
}

function boardQuery(filters: BoardFilters, more?: { stage: Stage; offset: number }) {
  const query: BoardQuery = {
    ...(filters.owner !== null ? { owner: filters.owner } : {}),
    ...(filters.serviceTypeId !== null ? { serviceTypeId: filters.serviceTypeId } : {}),
    ...(filters.companyId !== null ? { companyId: filters.companyId } : {}),
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

/** A card moved: `PATCH /api/opportunities/:id/stage`, with the version the card carries. */
export const changeOpportunityStage = (opportunityId: number, body: StageChangeInput) =>
  authRequest<Pipeline>(`/opportunities/${opportunityId}/stage`, { method: "PATCH", body });

export const isStage = (value: unknown): value is Stage => STAGES.includes(value as Stage);
