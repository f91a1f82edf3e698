/**
 * A change sent with a version that is no longer the stored one: someone changed the thing since the
 * person loaded it. Answered 409 with what is stored now (`current`), never silently overwritten.
 */
export class VersionConflictError<T> extends Error {
  override name = "VersionConflictError";
  constructor(readonly current: T) {
    super("changed meanwhile");
  }
}
