import type { Db } from "../../db/client.ts";
import { listServiceTypes } from "./repo.ts";

export type ServiceTypeRef = { id: number; title: string };

const keyOf = (title: string) => title.normalize("NFC").trim().toLowerCase();

/**
 * The service types by title, kept in memory: every contact request names some, and the table
 * changes only with a deploy. A title not found reloads the list once before it counts as unknown.
 */
export class ServiceTypeCatalog {
  private byTitle: Map<string, ServiceTypeRef> | undefined;

  constructor(private readonly db: Db) {}

  private async load() {
    const rows = await listServiceTypes(this.db);
    this.byTitle = new Map(rows.map((row) => [keyOf(row.title), row]));
    return this.byTitle;
  }

  /** Every service type, in the catalogue's order. */
  async list(): Promise<ServiceTypeRef[]> {
    return [...(this.byTitle ?? (await this.load())).values()];
  }

  /** The service types named by `titles` (case-insensitive), without repeats, and the unknown titles. */
  async resolve(titles: string[]): Promise<{ found: ServiceTypeRef[]; unknown: string[] }> {
    let byTitle = this.byTitle ?? (await this.load());
    if (titles.some((title) => !byTitle.has(keyOf(title)))) byTitle = await this.load();
    const found = new Map<number, ServiceTypeRef>();
    const unknown: string[] = [];
    for (const title of titles) {
      const match = byTitle.get(keyOf(title));
      if (match) found.set(match.id, match);
      else unknown.push(title);
    }
    return { found: [...found.values()], unknown };
  }
}
