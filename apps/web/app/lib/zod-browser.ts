import { z } from "zod";

// zod compiles fast object parsers with `new Function`, which the site's Content-Security-Policy
// forbids (no 'unsafe-eval'): the browser would report a violation on every page with a form. Its
// interpreted path is as correct and fast enough for a form. Import this before parsing anything.
z.config({ jitless: true });
