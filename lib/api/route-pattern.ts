/**
 * The route a request matched, as its file's path names it (`/api/admin/users/[userId]/sessions`), from the request's
 * path and the dynamic segments Next.js handed the handler: each segment that is a parameter's value becomes the
 * parameter's name. A metric's label, so it must never carry a value: every segment equal to a value is replaced, so
 * the result holds only the route's own words (a value that happens to equal a fixed segment of its route replaces
 * that one too, which still names the route). Every segment is decoded first: Next.js matches a route's file by the
 * decoded path too, so `/api/%68ealth` reaches the handler of `/api/health`, and must not make a label of its own.
 */
export function routePattern(pathname: string, params: Record<string, string | string[] | undefined> = {}): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const part of Array.isArray(value) ? value : [value])
      if (part) names.set(part, Array.isArray(value) ? `[...${name}]` : `[${name}]`);
  }
  const segments = pathname.split("/").map((segment) => names.get(decoded(segment)) ?? decoded(segment));
  // A catch-all's parts are one segment of the route.
  return segments.filter((segment, i) => !(segment.startsWith("[...") && segments[i - 1] === segment)).join("/");
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
