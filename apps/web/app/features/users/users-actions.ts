import type { CreateUserRequest, LeadAssignmentInput, UpdateUserRequest } from "@app/shared";
import { useRecentPassword } from "~/lib/recent-password";
import { useRouteAction } from "~/lib/route-action";
import {
  createUser,
  endUserSessions,
  resetSecondFactor,
  saveLeadAssignment,
  saveSecondFactorPolicy,
  setTemporaryPassword,
  updateUser,
} from "./users-api";

// Every write of the "Usuarios" screen, by name: the route's clientAction runs them, and React
// Router then reloads the accounts.

export type UsersIntent =
  | { intent: "create-user"; body: CreateUserRequest }
  | { intent: "update-user"; userId: number; body: UpdateUserRequest }
  | { intent: "set-temporary-password"; userId: number; password: string }
  | { intent: "end-sessions"; userId: number }
  | { intent: "save-lead-assignment"; body: LeadAssignmentInput }
  | { intent: "save-second-factor-policy"; required: boolean }
  | { intent: "reset-second-factor"; userId: number };

export function runUsersIntent(action: UsersIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-user":
      return createUser(action.body);
    case "update-user":
      return updateUser(action.userId, action.body);
    case "set-temporary-password":
      return setTemporaryPassword(action.userId, action.password);
    case "end-sessions":
      return endUserSessions(action.userId);
    case "save-lead-assignment":
      return saveLeadAssignment(action.body);
    case "save-second-factor-policy":
      return saveSecondFactorPolicy({ required: action.required });
    case "reset-second-factor":
      return resetSecondFactor(action.userId);
  }
}

/** Runs one of the writes above through the users route's clientAction (see lib/route-action.ts). */
export function useUsersAction() {
  const { run } = useRouteAction();
  // Every write here changes accounts, roles, the policy or who gets new leads: each asks for the
  // password (and second factor) again after a while (lib/recent-password.tsx, decision 039).
  const recent = useRecentPassword();
  return <T = unknown>(action: UsersIntent) => recent(() => run<T>(action));
}
