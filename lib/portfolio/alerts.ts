/**
 * "New" for an officer: an opportunity opened since they last looked at their alerts. The starting list of a client's
 * first refresh (`baseline`) is never new, nor is one being worked or set aside; an officer who never looked (no
 * time) sees every open one as new.
 */
export function isNewAlert(
  o: { status: "open" | "contacted" | "dismissed" | "closed"; baseline: boolean; openedAt: Date },
  seenAt: Date | null,
): boolean {
  return o.status === "open" && !o.baseline && (seenAt === null || o.openedAt.getTime() > seenAt.getTime());
}
