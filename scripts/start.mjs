// `npm start`: build what is missing, then run the API server (which also serves the site) in
// this same process, so stopping npm start stops the server.
import { register } from "tsx/esm/api";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
register();
// Named through a constant: the scripts' typecheck then leaves the API to its own project instead of
// checking all of it again.
const server = "../apps/api/src/server.ts";
await import(server);
