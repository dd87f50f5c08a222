/**
 * What a form of these pages says once its PUT has answered (use-put.ts): the error, unless it is shown beside the
 * fields, or the saved message. Its own module: the officer's profile, the organization and the image upload within
 * each of them all show it, and the first two import the third.
 */
export function Status({ error, saved, fields }: { error?: string; saved?: string; fields: Record<string, string> }) {
  if (error && !Object.keys(fields).length)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (saved)
    return (
      <p role="status" className="text-sm text-green-800">
        {saved}
      </p>
    );
  return null;
}
