import type { Db } from "../../db/client.ts";
import { listAllServiceTypes } from "./repo.ts";

export type ServiceTypeRef = { id: number; title: string };
type Entry = ServiceTypeRef & { offered: boolean };

const keyOf = (title: string) => title.normalize("NFC").trim().toLowerCase();

/**
 * A publish on any instance changes what is offered: an instance reads the list again once its copy
 * is this old, so a product added or retired reaches every instance's contact form within seconds.
 */
export const CATALOG_MAX_AGE_MS = 5_000;

/**
 * The service types the site offers, by title, kept in memory: every contact request names some.
 * A title not found reloads the list once before it counts as unknown.
 */
export class ServiceTypeCatalog {
  private byTitle: Map<string, Entry> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now = () => Date.now(),
  ) {}

  private async load() {
    const rows = await listAllServiceTypes(this.db);
    this.byTitle = new Map(rows.map((row) => [keyOf(row.title), row]));
    this.loadedAt = this.now();
    return this.byTitle;
  }

  private current() {
    return this.byTitle && this.now() - this.loadedAt < CATALOG_MAX_AGE_MS ? this.byTitle : this.load();
  }

  /** This instance changed what is offered (a publish): the next question reads the table again. */
  invalidate() {
    this.byTitle = undefined;
  }

  /** Every service type, retired ones too (old messages ask for them), in the catalogue's order. */
  async list(): Promise<ServiceTypeRef[]> {
    return [...(await this.current()).values()].map(({ id, title }) => ({ id, title }));
  }

  /** What the site offers now: the contact form's list. */
  async offered(): Promise<ServiceTypeRef[]> {
    return [...(await this.current()).values()]
      .filter((entry) => entry.offered)
      .map(({ id, title }) => ({ id, title }));
  }

  /**
   * The offered service types named by `titles` (case-insensitive), without repeats, and the titles
   * the site does not offer (unknown, or retired).
   */
  async resolve(titles: string[]): Promise<{ found: ServiceTypeRef[]; unknown: string[] }> {
    let byTitle = await this.current();
    if (titles.some((title) => !byTitle.get(keyOf(title))?.offered)) byTitle = await this.load();
    const found = new Map<number, ServiceTypeRef>();
    const unknown: string[] = [];
    for (const title of titles) {
      const match = byTitle.get(keyOf(title));
      if (match?.offered) found.set(match.id, { id: match.id, title: match.title });
      else unknown.push(title);
    }
    return { found: [...found.values()], unknown };
  }
}
