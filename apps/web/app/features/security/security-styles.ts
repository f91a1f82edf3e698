// The small bordered buttons of a row (rename, remove, end a session), like the users table's.
export const smallActionStyles =
  "inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50 disabled:cursor-not-allowed disabled:opacity-50";
