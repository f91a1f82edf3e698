import type { CompanyChangeInput, NewCompanyInput } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import { changeCompany, createCompany, deleteCompany, linkPerson, mergeCompanies, unlinkPerson } from "./companies-api";

// Every write of `Empresas` and a company's page, by name: the routes' clientActions run them, and
// React Router then loads the list or the company again.

export type CompaniesIntent =
  | { intent: "create-company"; body: NewCompanyInput }
  | { intent: "change-company"; companyId: number; body: CompanyChangeInput }
  | { intent: "delete-company"; companyId: number }
  | { intent: "link-person"; companyId: number; clientId: number }
  | { intent: "unlink-person"; companyId: number; clientId: number }
  | { intent: "merge-companies"; companyId: number; fromId: number };

export function runCompaniesIntent(action: CompaniesIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-company":
      return createCompany(action.body);
    case "change-company":
      return changeCompany(action.companyId, action.body);
    case "delete-company":
      return deleteCompany(action.companyId);
    case "link-person":
      return linkPerson(action.companyId, action.clientId);
    case "unlink-person":
      return unlinkPerson(action.companyId, action.clientId);
    case "merge-companies":
      return mergeCompanies(action.companyId, action.fromId);
  }
}

/** Runs one of the writes above through the route's clientAction (see lib/route-action.ts). */
export function useCompaniesAction() {
  const { run, busy } = useRouteAction();
  return { run: <T = unknown>(action: CompaniesIntent) => run<T>(action), busy };
}
