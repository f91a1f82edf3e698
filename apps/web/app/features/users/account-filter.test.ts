import type { UserAccount } from "@app/shared";
import { describe, expect, it } from "vitest";
import { filterAccounts } from "./account-filter";

const account = (id: number, username: string, displayName: string, email: string | null): UserAccount =>
  ({ id, username, displayName, email }) as UserAccount;

const accounts = [
  account(1, "admin", "Administrador", null),
  account(2, "lucia.andrade", "Lucía Andrade", "lucia@floraprotect.test"),
  account(3, "diego", "Diego Núñez", "ventas@floraprotect.test"),
];

const ids = (typed: string) => filterAccounts(accounts, typed).map((found) => found.id);

describe("filterAccounts", () => {
  it("keeps every account for an empty search", () => {
    expect(ids("  ")).toEqual([1, 2, 3]);
  });

  it("finds by username, name or email, in any word order and accents either way", () => {
    expect(ids("andrade lucia")).toEqual([2]);
    expect(ids("NUNEZ")).toEqual([3]);
    expect(ids("núñez diego")).toEqual([3]);
    expect(ids("ventas@")).toEqual([3]);
    expect(ids("admin")).toEqual([1]);
  });

  it("needs every word to match", () => {
    expect(ids("lucia diego")).toEqual([]);
  });
});
