// Loaded into the server under test with `--import` (the fault scenarios only, never the product): on
// SIGUSR2 it runs a full garbage collection and writes the live heap to HEAP_PROBE_FILE. Resident
// memory alone cannot tell a leak from a heap V8 has grown under load and not given back yet: on a
// busy machine the same build grows its RSS by 60 MiB in a 30 s crowd and keeps it. What is still
// reachable after a full collection can.
import { writeFileSync } from "node:fs";

const file = process.env.HEAP_PROBE_FILE;
const gc = globalThis.gc; // there under --expose-gc
if (file && typeof gc === "function") {
  process.on("SIGUSR2", () => {
    // Twice: the first collection can leave objects that only its finalizers released.
    gc();
    gc();
    const { heapUsed, external, rss } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ heapUsed, external, rss }));
  });
}
