import { crc32, deflateSync } from "node:zlib";
import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from "@app/shared/constants";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRefusedError, imageTypeOf, processImage, widthsFor } from "./images.ts";

/** A photo as a phone takes it: 1,500 x 1,000, lying on its side (EXIF orientation 6), with the camera's notes. */
const phonePhoto = () =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "Teléfono de la finca", Model: "X-100", Copyright: "Rosas del Valle" } })
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type), data]);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE(crc32(body), 4);
  return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
};

/** A PNG whose header says it is `width` x `height`, with no pixels at all. */
function pngHeader(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc(0))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusal(bytes: Buffer) {
  const error = await processImage(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRefusedError);
  return error as ImageRefusedError;
}

describe("the site's uploaded pictures", () => {
  it("turns a phone's photo upright and serves AVIF and WebP copies without its metadata, at each width up to its own", async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await processImage(photo);
    expect(image).toMatchObject({ type: "image/jpeg", width: 1000, height: 1500 });
    expect(image.variants.map((variant) => `${variant.format}@${variant.width}`)).toEqual([
      "avif@320",
      "webp@320",
      "avif@640",
      "webp@640",
      "avif@960",
      "webp@960",
    ]);
    for (const variant of image.variants) {
      const metadata = await sharp(variant.content).metadata();
      expect(metadata.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(metadata.width).toBe(variant.width);
      // Upright: taller than wide, like the scene.
      expect(metadata.height).toBeGreaterThan(variant.width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
    }
  });

  it("keeps a small picture at its own width", async () => {
    const icon = await sharp({ create: { width: 200, height: 120, channels: 4, background: "#2f6b3a" } })
      .png()
      .toBuffer();
    const image = await processImage(icon);
    expect(image.type).toBe("image/png");
    expect(image.variants.map((variant) => variant.width)).toEqual([200, 200]);
    expect(widthsFor(1280)).toEqual([320, 640, 960, 1280]);
  });

  it("recognises a picture by its first bytes, not by what it says it is", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect(imageTypeOf(webp)).toBe("image/webp");
    expect(imageTypeOf(Buffer.from("GIF89a"))).toBeUndefined();
  });

  it("refuses an SVG unread, by name", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await refusal(svg)).message).toBe(SITE_IMAGE_MESSAGES.svg);
    expect((await refusal(Buffer.from("<svg></svg>"))).message).toBe(SITE_IMAGE_MESSAGES.svg);
  });

  it("refuses what is not a picture, a broken one, one too big and one with too many pixels", async () => {
    expect((await refusal(Buffer.from("%PDF-1.7 factura"))).message).toBe(SITE_IMAGE_MESSAGES.notAnImage);
    const photo = await phonePhoto();
    expect((await refusal(photo.subarray(0, 200))).message).toBe(SITE_IMAGE_MESSAGES.notAnImage);
    const huge = Buffer.concat([photo, Buffer.alloc(SITE_IMAGE_LIMITS.maxBytes)]);
    const tooBig = await refusal(huge);
    expect([tooBig.statusCode, tooBig.message]).toEqual([413, SITE_IMAGE_MESSAGES.tooBig]);
    expect((await refusal(pngHeader(10_000, 10_000))).message).toBe(SITE_IMAGE_MESSAGES.tooManyPixels);
  });
});
