import { ApiProblem } from "./fetch-json";

/** A file from the app's API (a CSV export), or its failure as an ApiProblem, so a step-up answer can be met. */
export async function fetchFile(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(path);
  } catch {
    throw new ApiProblem("The network failed. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      { error?: { code?: string; message?: string } } | undefined;
    throw new ApiProblem(body?.error?.message ?? "The download failed. Please try again.", {
      code: body?.error?.code,
      status: response.status,
    });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  // A stream cut short (the server failed midway) rejects here, rather than saving half a file as if whole.
  const blob = await response.blob().catch(() => {
    throw new ApiProblem("The download stopped before the end. Please try again.");
  });
  return { blob, filename };
}

/** Hands a fetched file to the browser's downloads, under its name. */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement("a"), { href: url, download: filename }).click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
