import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from "@app/shared/constants";
import sharp from "sharp";
import { AbandonedError } from "./one-at-a-time.ts";

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

/** How long a request may still wait for its copies, and whether it still wants them. */
export type ProcessingBudget = { signal: AbortSignal; deadline: number };

const NO_BUDGET: ProcessingBudget = { signal: new AbortController().signal, deadline: Number.POSITIVE_INFINITY };

/**
 * libvips stops a pipeline past this (whole seconds, at least one): a step never runs much past
 * the moment its request gives up. An AVIF encoder, once started, finishes its one copy.
 */
const stepTimeout = (deadline: number) =>
  Number.isFinite(deadline) ? { seconds: Math.max(1, Math.ceil((deadline - Date.now()) / 1000)) } : { seconds: 0 };

/** Width and height as people see the picture, read from its header alone (no pixel decoded). */
async function uprightSize(bytes: Buffer) {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: SITE_IMAGE_LIMITS.maxPixels, failOn: "error" }).metadata();
    if (!metadata.width || !metadata.height) throw new ImageRefusedError(SITE_IMAGE_MESSAGES.notAnImage);
    if (metadata.width * metadata.height > SITE_IMAGE_LIMITS.maxPixels) {
      throw new ImageRefusedError(SITE_IMAGE_MESSAGES.tooManyPixels);
    }
    // EXIF orientations 5-8 swap the sides.
    return (metadata.orientation ?? 1) >= 5
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    // sharp refuses a header past `limitInputPixels` before reading any pixel.
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new ImageRefusedError(tooLarge ? SITE_IMAGE_MESSAGES.tooManyPixels : SITE_IMAGE_MESSAGES.notAnImage);
  }
}

/**
 * Checks an upload and makes its copies; refuses what is not a JPEG, PNG or WebP picture, or has
 * more pixels than `SITE_IMAGE_LIMITS.maxPixels` (from its header, before decoding anything). The
 * picture is decoded once, turned upright and brought to the widest copy's width; every copy is
 * made from those pixels. Stops between steps once `budget.signal` says the request gave up.
 */
export async function processImage(bytes: Buffer, budget: ProcessingBudget = NO_BUDGET): Promise<ProcessedImage> {
  if (bytes.length > SITE_IMAGE_LIMITS.maxBytes) throw new ImageRefusedError(SITE_IMAGE_MESSAGES.tooBig, 413);
  const type = imageTypeOf(bytes);
  if (!type)
    throw new ImageRefusedError(looksLikeSvg(bytes) ? SITE_IMAGE_MESSAGES.svg : SITE_IMAGE_MESSAGES.notAnImage);
  const upright = await uprightSize(bytes);
  const widths = widthsFor(upright.width);
  const stillWanted = () => {
    if (budget.signal.aborted) throw new AbandonedError();
  };
  const variants: Variant[] = [];
  try {
    stillWanted();
    // `rotate()` applies the EXIF orientation; without `withMetadata()` none of it is written out.
    const decoded = await sharp(bytes, { limitInputPixels: SITE_IMAGE_LIMITS.maxPixels, failOn: "error" })
      .timeout(stepTimeout(budget.deadline))
      .rotate()
      .resize({ width: Math.max(...widths), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const copyAt = (copyWidth: number) =>
      sharp(decoded.data, { raw: { width, height, channels } })
        .timeout(stepTimeout(budget.deadline))
        .resize({ width: copyWidth });
    for (const copyWidth of widths) {
      stillWanted();
      const avif = await copyAt(copyWidth).avif({ quality: 50, effort: 2 }).toBuffer();
      variants.push({ format: "avif", width: copyWidth, content: avif });
      stillWanted();
      const webp = await copyAt(copyWidth).webp({ quality: 75 }).toBuffer();
      variants.push({ format: "webp", width: copyWidth, content: webp });
    }
  } catch (error) {
    // libvips stopped it at the step's deadline, or the request gave up between steps.
    const timedOut = error instanceof Error && /^timeout/.test(error.message);
    if (error instanceof AbandonedError || timedOut || budget.signal.aborted) throw new AbandonedError();
    // A file that starts like a picture but is broken further on.
    throw new ImageRefusedError(SITE_IMAGE_MESSAGES.notAnImage);
  }
  return { type, ...upright, variants };
}
