import { ConfigError } from "../config.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";

type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line tool the way every one of ours ends: an error the person can act on (bad
 * configuration, the server holding the data directory, or one of `known`) prints its message alone
 * and exits 2; anything else is a bug, printed whole, exit 1. With `usage`, a malformed option also
 * prints how the command is used.
 */
export function runCommand(main: (args: string[]) => Promise<void>, known: ErrorKind[] = [], usage?: string) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if ([ConfigError, DataDirLockedError, ...known].some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(2);
    }
    if (usage && error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${error.message}\n${usage}`);
      process.exit(2);
    }
    console.error("Error:", error);
    process.exit(1);
  });
}
