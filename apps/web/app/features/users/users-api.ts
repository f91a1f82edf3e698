import type {
  CreateUserRequest,
  LeadAssignment,
  LeadAssignmentInput,
  SecondFactorPolicy,
  ServiceType,
  SignatureInput,
  UpdateUserRequest,
  UserAccount,
} from "@app/shared";
import type { Signature } from "@app/shared/constants";
import { apiRequest, authRequest } from "~/lib/api-client";

// The administrators' account calls (docs/decisions/014); the API answers 403 to anyone else.

export const listUsers = () => authRequest<UserAccount[]>("/users");

export const createUser = (body: CreateUserRequest) => authRequest<UserAccount>("/users", { method: "POST", body });

export const updateUser = (id: number, body: UpdateUserRequest) =>
  authRequest<UserAccount>(`/users/${id}`, { method: "PATCH", body });

/** The person must change it at next sign-in; their open sessions end now. */
export const setTemporaryPassword = (id: number, password: string) =>
  authRequest<void>(`/users/${id}/password`, { method: "POST", body: { password } });

/** Signs the account out of every device: its sessions end and its access tokens stop working. */
export const endUserSessions = (id: number) =>
  authRequest<{ ended: number }>(`/users/${id}/end-sessions`, { method: "POST" });

/** How new leads get their owner (the administrator's rule). */
export const loadLeadAssignment = () => authRequest<LeadAssignment>("/lead-assignment");

export const saveLeadAssignment = (body: LeadAssignmentInput) =>
  authRequest<LeadAssignment>("/lead-assignment", { method: "PUT", body });

/** The products and services a by-product rule can name. */
export const listServiceTypes = () => apiRequest<ServiceType[]>("/service-types");

/** "Mi firma": the signed-in person's own signature (any role). */
export const loadOwnSignature = (signal?: AbortSignal) => authRequest<Signature>("/users/me/signature", { signal });

export const saveOwnSignature = (body: SignatureInput) =>
  authRequest<Signature>("/users/me/signature", { method: "PUT", body });

/** Whether everybody must add a second factor (issue 15). */
export const loadSecondFactorPolicy = () => authRequest<SecondFactorPolicy>("/users/second-factor-policy");

export const saveSecondFactorPolicy = (body: SecondFactorPolicy) =>
  authRequest<SecondFactorPolicy>("/users/second-factor-policy", { method: "PUT", body });

/** Removes the person's passkeys, authenticator app and recovery codes; the server emails them. */
export const resetSecondFactor = (id: number) =>
  authRequest<void>(`/users/${id}/reset-second-factor`, { method: "POST", body: {} });
