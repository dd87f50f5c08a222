/** A request body past its limit: each caller answers it in its own error shape (413). */
export class BodyTooLarge extends Error {
  override readonly name = "BodyTooLarge";

  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
  }
}

/**
 * The body as text, read only up to `limit` bytes: a chunked body has no Content-Length to refuse up front, so the
 * stream is counted as it arrives and cancelled once past the limit, never buffered whole. Throws `BodyTooLarge`.
 */
export async function readTextWithin(request: Request, limit: number): Promise<string> {
  return (await readBytesWithin(request, limit)).toString("utf8");
}

/** The body as bytes, read as `readTextWithin` reads it (an upload: a photo, a logo). Throws `BodyTooLarge`. */
export async function readBytesWithin(request: Request, limit: number): Promise<Buffer> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw new BodyTooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
