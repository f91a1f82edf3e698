/**
 * A value made the first time it is asked for, then kept. For Intl formatters above all: a page's
 * first one loads its locale's data (one task of about 70 ms on /login at 4x CPU, measured with a
 * CPU profile), so one made at a module's top level is paid by every page that imports the module
 * while it loads, whether it ever formats or not.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
