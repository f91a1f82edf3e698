import type { Dashboard } from "@app/shared";
import { authRequest } from "~/lib/api-client";

/** `GET /api/dashboard`: the morning overview, computed from the stored messages. */
export const getDashboard = (signal?: AbortSignal) => authRequest<Dashboard>("/dashboard", { signal });
