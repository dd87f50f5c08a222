import "server-only";
import sharp from "sharp";

/** The largest photo or logo accepted, as sent (before it is decoded). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most pixels decoded from an upload: a small file can still claim a huge canvas (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The side of the square the app keeps (a card shows it at 64–96 CSS px, so 256 covers 3× screens). */
export const IMAGE_SIDE = 256;

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/** An upload refused, naming its field and why (the services answer it as a 400). */
export class ImageRefused extends Error {
  override readonly name = "ImageRefused";

  constructor(
    readonly code: "file_too_large" | "invalid_image",
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

const TOO_MANY_PIXELS = `has more than ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`;
const tooManyPixels = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
const refused = (field: string, reason: string) => new ImageRefused("invalid_image", field, reason);
/** Checked on the bytes' count before anything decodes them. */
const imageTooLarge = (field: string) =>
  new ImageRefused("file_too_large", field, `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);

/**
 * An uploaded photo or logo made safe to keep and serve: accepted only when its content (read by sharp, never the
 * file's name or declared type) is JPEG, PNG or WebP, at most 5 MB and a bounded canvas; then turned upright, cut to a
 * 256 px square (`cover`: a face fills it) or fitted inside it (`contain`: a logo keeps its shape), re-encoded as WebP.
 * Re-encoding drops every metadata block (EXIF with its GPS position, XMP, ICC), since sharp keeps none unless asked.
 * Throws `ImageRefused`.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  field: string,
  fit: "cover" | "contain" = "cover",
): Promise<Buffer> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw imageTooLarge(field);
  if (bytes.byteLength === 0) throw refused(field, "is empty: send a JPEG, PNG or WebP image");
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()).format;
  } catch (error) {
    throw refused(field, tooManyPixels(error) ? TOO_MANY_PIXELS : "is not a JPEG, PNG or WebP image");
  }
  if (!format || !ACCEPTED.has(format)) throw refused(field, "is not a JPEG, PNG or WebP image");
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize(IMAGE_SIDE, IMAGE_SIDE, { fit, background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw refused(field, tooManyPixels(error) ? TOO_MANY_PIXELS : "could not be read as an image");
  }
}
