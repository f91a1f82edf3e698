import { beforeEach, describe, expect, it, vi } from "vitest";

/** A minimal Web Storage, so the store runs as in a browser tab. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

async function freshStore(storage = new MemoryStorage()) {
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("sessionStorage", storage);
  vi.resetModules();
  return { storage, store: await import("./requested-titles") };
}

describe("requested titles", () => {
  beforeEach(() => vi.unstubAllGlobals());

  it("adds titles once, in order, removes and clears them", async () => {
    const { store } = await freshStore();
    store.addRequestedTitle("Danisaraba");
    store.addRequestedTitle("Chrysal VIVA");
    store.addRequestedTitle("Danisaraba");
    expect(store.readRequestedTitles()).toEqual([{ title: "Danisaraba" }, { title: "Chrysal VIVA" }]);
    store.removeRequestedTitle("Danisaraba");
    expect(store.readRequestedTitles()).toEqual([{ title: "Chrysal VIVA" }]);
    store.clearRequestedTitles();
    expect(store.readRequestedTitles()).toEqual([]);
  });

  it("survives a reload of the tab through sessionStorage", async () => {
    const first = await freshStore();
    first.store.addRequestedTitle("Aqua Care Technology");
    const second = await freshStore(first.storage);
    expect(second.store.readRequestedTitles()).toEqual([{ title: "Aqua Care Technology" }]);
  });

  it("ignores corrupt stored data instead of failing", async () => {
    const storage = new MemoryStorage();
    storage.setItem("requested_titles", '{"not":"a list"');
    const { store } = await freshStore(storage);
    expect(store.readRequestedTitles()).toEqual([]);
    storage.setItem("requested_titles", '[{"title":""},{"title":42},{"title":"Long Storage Service"}]');
    const again = await freshStore(storage);
    expect(again.store.readRequestedTitles()).toEqual([{ title: "Long Storage Service" }]);
  });
});
