import { writeSnapshot } from "./database.ts";

// Once per run, before any test file: the migrated PGlite database every file starts from
// (test/database.ts). Creating an empty PostgreSQL cluster costs PGlite about 2 s; loading the
// snapshot about 0.4 s, once per database the tests open.
export default async function setup() {
  await writeSnapshot();
}
