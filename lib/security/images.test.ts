import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRefused, MAX_IMAGE_BYTES, reencodeImage } from "./images";

/** A real PNG with EXIF (a camera and a GPS-like comment) that must not survive. */
async function photoWithMetadata(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .withExif({ IFD0: { Make: "SpyCam", ImageDescription: "home at 47.6N 122.3W" } })
    .png()
    .toBuffer();
}

/** The refusal a promise ends with (a test failure if it is kept). */
const refusal = (promise: Promise<unknown>): Promise<ImageRefused> =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as ImageRefused,
  );

describe("reencodeImage", () => {
  it("turns a PNG into a 256 px WebP with no metadata", async () => {
    const png = await photoWithMetadata();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const out = await reencodeImage(png, "photo");
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.toString("latin1")).not.toContain("SpyCam");
  });

  it("keeps a logo's shape inside the square (contain)", async () => {
    const wide = await sharp({ create: { width: 1000, height: 200, channels: 4, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const meta = await sharp(await reencodeImage(wide, "logo", "contain")).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width!, meta.height!)).toBe(256);
  });

  it("refuses a PDF renamed to .png, naming the field", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const error = await refusal(reencodeImage(pdf, "photo"));
    expect(error).toBeInstanceOf(ImageRefused);
    expect(error.code).toBe("invalid_image");
    expect(error.field).toBe("photo");
  });

  it("refuses a GIF and an SVG, real images of other kinds", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    expect((await refusal(reencodeImage(gif, "photo"))).code).toBe("invalid_image");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await refusal(reencodeImage(svg, "logo"))).field).toBe("logo");
  });

  it("refuses more than 5 MB before decoding, and a canvas past the pixel limit", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    expect((await refusal(reencodeImage(big, "photo"))).code).toBe("file_too_large");
    // A small file of 8,000 × 6,000 pixels (a decompression bomb's shape).
    const bomb = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(MAX_IMAGE_BYTES);
    const error = await refusal(reencodeImage(bomb, "photo"));
    expect(error.code).toBe("invalid_image");
    expect(error.reason).toMatch(/million pixels/);
  });
});
