import type { FastifyReply } from "fastify";

// An address the site does not have. The spec takes a person home from it; answering a redirect
// made every mistyped or retired address a "soft 404" to search engines, which then kept them. The
// answer is a 404 whose page goes home at once by itself (a refresh, so no script is needed) and
// links there for a browser that does not follow it.
const NOT_FOUND_PAGE = `<!doctype html>
<html lang="es-EC">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=/">
<title>Página no encontrada | FloraPro Ecuador</title>
</head>
<body>
<main>
<h1>Esta página no existe</h1>
<p><a href="/">Ir al inicio</a></p>
</main>
</body>
</html>
`;

/** Answers an unknown page: 404, and the person goes on to `/`. */
export function sendNotFoundPage(reply: FastifyReply) {
  return reply.code(404).type("text/html; charset=utf-8").send(NOT_FOUND_PAGE);
}
