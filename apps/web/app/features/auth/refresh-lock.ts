// A refresh token is single use: two tabs presenting the same cookie at once would look like a
// stolen token being replayed, and the server would end the session (docs/decisions/014). A Web
// Lock shared by the tabs of this origin makes their refreshes take turns; each then sends the
// cookie its predecessor just rotated.
const LOCK_NAME = "floraprotect-refresh-token";

export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  // The lock's callback returns a promise; the lock is held until it settles.
  return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
}
