import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from "@app/shared/constants";
import sharp from "sharp";

// Pictures staff upload for the site (issue 17): recognised by their first bytes before anything
// decodes them (an SVG, a script or a document is refused unread), then made into the copies
// visitors get: turned upright, without metadata (camera, place), as AVIF and WebP at each width.

export type ImageType = (typeof SITE_IMAGE_LIMITS.types)[number];

/** A refused upload: a 400 (or 413) with the Spanish sentence the editor shows. */
export class ImageRefusedError extends Error {
  override name = "ImageRefusedError";
  constructor(
    message: string,
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** What the file is, by its signature, whatever its name or declared type says. */
export function imageTypeOf(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return undefined;
}

/** An SVG (or any XML) sent as a picture: named in the refusal, since it is the usual mistake. */
const looksLikeSvg = (bytes: Buffer) => /^\s*(<\?xml|<svg|<!--)/i.test(bytes.subarray(0, 256).toString("utf8"));

export type Variant = { format: "avif" | "webp"; width: number; content: Buffer };
export type ProcessedImage = { type: ImageType; width: number; height: number; variants: Variant[] };

/** The widths made of a picture `width` pixels wide: each standard one below it, and its own if smaller. */
export function widthsFor(width: number) {
  const below = SITE_IMAGE_LIMITS.widths.filter((candidate) => candidate <= width);
  return below.length > 0 ? below : [width];
}

/** Checks an upload and makes its copies; refuses what is not a JPEG, PNG or WebP picture. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > SITE_IMAGE_LIMITS.maxBytes) throw new ImageRefusedError(SITE_IMAGE_MESSAGES.tooBig, 413);
  const type = imageTypeOf(bytes);
  if (!type)
    throw new ImageRefusedError(looksLikeSvg(bytes) ? SITE_IMAGE_MESSAGES.svg : SITE_IMAGE_MESSAGES.notAnImage);
  const input = () => sharp(bytes, { limitInputPixels: SITE_IMAGE_LIMITS.maxPixels, failOn: "error" });
  let upright: { width: number; height: number };
  try {
    const metadata = await input().metadata();
    if (!metadata.width || !metadata.height) throw new ImageRefusedError(SITE_IMAGE_MESSAGES.notAnImage);
    if (metadata.width * metadata.height > SITE_IMAGE_LIMITS.maxPixels) {
      throw new ImageRefusedError(SITE_IMAGE_MESSAGES.tooManyPixels);
    }
    // EXIF orientations 5-8 swap the sides.
    const swapped = (metadata.orientation ?? 1) >= 5;
    upright = swapped
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    // sharp refuses a header past `limitInputPixels` before reading any pixel.
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new ImageRefusedError(tooLarge ? SITE_IMAGE_MESSAGES.tooManyPixels : SITE_IMAGE_MESSAGES.notAnImage);
  }
  const variants: Variant[] = [];
  try {
    for (const width of widthsFor(upright.width)) {
      // `rotate()` applies the EXIF orientation; without `withMetadata()` none of it is written out.
      const resized = () => input().rotate().resize({ width, withoutEnlargement: true });
      variants.push({ format: "avif", width, content: await resized().avif({ quality: 50, effort: 2 }).toBuffer() });
      variants.push({ format: "webp", width, content: await resized().webp({ quality: 75 }).toBuffer() });
    }
  } catch {
    // A file that starts like a picture but is broken further on.
    throw new ImageRefusedError(SITE_IMAGE_MESSAGES.notAnImage);
  }
  return { type, ...upright, variants };
}
