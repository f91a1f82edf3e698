import { randomUUID } from "node:crypto";
import os from "node:os";

// Who holds a lease (the mailbox reader's): `<host>:<pid>:<random>`. A server restarted after a crash (or a
// kill -9) would otherwise stand by until its own dead predecessor's lease ran out; a holder named
// on this host whose process is gone is known dead and its lease is taken over at once.

/** The holders this process made (two readers in one process, as in tests, are both alive). */
const ours = new Set<string>();

/** A new holder name for this process; the random part tells two lives of one pid apart. */
export function newHolder() {
  const holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  ours.add(holder);
  return holder;
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether `holder` is a process of this host that no longer runs. This process's pid under a name
 * it did not make is an earlier life of the same slot (pid 1 in a restarted container): dead too.
 * Holders of other hosts are never judged: their leases run out by themselves.
 */
export function isDeadHolderHere(holder: string) {
  if (ours.has(holder)) return false;
  const parts = holder.split(":");
  if (parts.length < 3) return false;
  const pid = Number(parts.at(-2));
  const host = parts.slice(0, -2).join(":");
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  return pid === process.pid || !isRunning(pid);
}
