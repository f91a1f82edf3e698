import type { UserAccount } from "@app/shared";

/** How many accounts the Usuarios table shows at once. */
export const ACCOUNTS_PAGE_SIZE = 25;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The accounts whose username, name or email hold every typed word, in any order and with or
 * without accents ("andrade lucia" finds "Lucía Andrade"). An empty search keeps them all.
 */
export function filterAccounts(accounts: readonly UserAccount[], typed: string): readonly UserAccount[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return accounts;
  return accounts.filter((account) => {
    const text = fold(`${account.username} ${account.displayName} ${account.email ?? ""}`);
    return words.every((word) => text.includes(word));
  });
}
