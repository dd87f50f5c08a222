import { describe, expect, it } from "vitest";
import { isNewAlert, isOwnLook } from "./alerts";

const SEEN = new Date("2026-12-01T15:00:00Z");
const BEFORE = new Date("2026-12-01T14:59:59Z");
const AFTER = new Date("2026-12-01T15:00:01Z");

describe("an opportunity is new to the officer", () => {
  it.each([
    ["opened after they last looked", "open", false, AFTER, SEEN, true],
    ["opened before they last looked", "open", false, BEFORE, SEEN, false],
    ["opened the very moment they looked", "open", false, SEEN, SEEN, false],
    ["in the starting list of the first refresh, after they looked", "open", true, AFTER, SEEN, false],
    ["in the starting list, to an officer who never looked", "open", true, AFTER, null, false],
    ["open, to an officer who never looked", "open", false, BEFORE, null, true],
    ["contacted since", "contacted", false, AFTER, SEEN, false],
    ["dismissed since", "dismissed", false, AFTER, SEEN, false],
    ["closed since", "closed", false, AFTER, null, false],
  ] as const)("%s", (_, status, baseline, openedAt, seenAt, expected) => {
    expect(isNewAlert({ status, baseline, openedAt }, seenAt)).toBe(expected);
  });
});

describe("a view of the first screen marks the alerts seen", () => {
  it.each([
    ["from a page of the app", "same-origin", true],
    ["typed in or bookmarked", "none", true],
    ["from a client that is not a browser", null, true],
    ["sent there by another site", "cross-site", false],
    ["sent there by a sibling subdomain", "same-site", false],
  ])("%s (%s): %s", (_, header, own) => {
    expect(isOwnLook(header)).toBe(own);
  });
});
