import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { crc32, createDeflate } from "node:zlib";
import { SITE_IMAGE_MESSAGES } from "@app/shared/constants";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { engines } from "../../../test/database.ts";
import { siteImages } from "../../db/schema/index.ts";

// Pictures are expensive to process (issue 30: a 143 KB PNG of 7000 x 7000 took 13 s and 174 MiB,
// and a few at once outlived their requests): how the upload route keeps that in bounds.

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type), data]);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE(crc32(body), 4);
  return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
};

/** A real, whole PNG of `side` x `side` one-colour pixels: it compresses to next to nothing. */
async function flatPng(side: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  // Each row: filter byte 0, then the row's RGB bytes (all zero).
  const row = Buffer.alloc(1 + side * 3);
  for (let y = 0; y < side; y += 1)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(compressed)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A photo that takes the server a while: fine detail everywhere, so every copy has work to do. Random
 * pixels around mid-grey (64 to 191, about the spread of sharp's gaussian noise of sigma 40), made a
 * few times faster than that noise: 0.5 s instead of 2.7 s for the 20-megapixel one below.
 */
const detailedPhoto = (width: number, height: number) => {
  const pixels = randomBytes(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = 64 + ((pixels[index] as number) >> 1);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};

/** Resolves once sharp has nothing queued or running in this process. */
const sharpIdle = (timeout: number) =>
  vi.waitFor(() => expect(sharp.counters()).toEqual({ queue: 0, process: 0 }), { timeout, interval: 20 });

const upload = (t: TestApp, token: string, body: Buffer) =>
  t.app.inject({
    method: "POST",
    url: "/api/site/images",
    headers: { ...bearer(token), "content-type": "application/octet-stream" },
    payload: body,
  });

describe.each(engines)("picture uploads on %s", (engine) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { siteImageRateLimit: [{ max: 9, windowMs: 60_000 }] });
    const admin = await signIn(t.app, ADMIN);
    editor = (await signIn(t.app, await createReadyStaff(t.app, admin.accessToken, "editor"))).accessToken;
  });
  afterAll(() => t.close());

  it("refuses a small PNG that declares 7000 x 7000 before decoding it: fast, a 400 in Spanish", async () => {
    const bomb = await flatPng(7000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const started = performance.now();
    const response = await upload(t, editor, bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: SITE_IMAGE_MESSAGES.tooManyPixels });
    expect(SITE_IMAGE_MESSAGES.tooManyPixels).toMatch(/megapíxeles/);
  });

  it("processes uploads arriving together one at a time; each is answered, none with a 5xx", async () => {
    const photos = await Promise.all([700, 750, 800, 850].map((width) => detailedPhoto(width, 500)));
    await sharpIdle(10_000);
    let mostAtOnce = 0;
    const sampler = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, sharp.counters().process);
    }, 2);
    try {
      const answers = await Promise.all(photos.map((photo) => upload(t, editor, photo)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
      expect(answers.map((answer) => answer.json().width)).toEqual([700, 750, 800, 850]);
    } finally {
      clearInterval(sampler);
    }
    expect(mostAtOnce).toBe(1);
  });

  it("is processed when it comes over a real connection too (its request is over once its body is read)", async () => {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/site/images`, {
      method: "POST",
      headers: { ...bearer(editor), "content-type": "image/jpeg" },
      body: await detailedPhoto(640, 480),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.json()).toMatchObject({ width: 640, height: 480, widths: [320, 640] });
  });

  it("limits each account's uploads (429 with Retry-After and a Spanish sentence); others still upload", async () => {
    const admin = await signIn(t.app, ADMIN);
    const other = (await signIn(t.app, await createReadyStaff(t.app, admin.accessToken, "editor"))).accessToken;
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#2f6b3a" } })
      .png()
      .toBuffer();
    for (let index = 0; index < 9; index += 1) expect((await upload(t, other, tiny)).statusCode).toBe(201);
    const refused = await upload(t, other, tiny);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Subiste demasiadas imágenes seguidas\. Intenta nuevamente en \d+ /);
    expect((await upload(t, admin.accessToken, tiny)).statusCode).toBe(201);
  });
});

describe("a picture whose request gives up (HANDLER_TIMEOUT_MS)", () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    // Long enough for a sign-in on a busy machine, far shorter than processing the photo below.
    t = await createAuthTestApp("pglite", { handlerTimeoutMs: 1500 });
    photo = await detailedPhoto(5000, 4000);
  });
  afterAll(() => t.close());

  it("is answered 503 with Retry-After, stops being processed soon after, and is never stored", async () => {
    const admin = await signIn(t.app, ADMIN);
    await sharpIdle(10_000);
    const response = await upload(t, admin.accessToken, photo);
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    // At most the copy being encoded when it gave up is finished; nothing after it starts.
    await sharpIdle(4000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.app.db.select({ id: siteImages.id }).from(siteImages)).toEqual([]);
  }, 30_000);
});
