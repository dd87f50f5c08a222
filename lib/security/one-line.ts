/**
 * Text fit for one line, such as a mail header (a subject): each run of control characters (CR, LF, tabs, the bell)
 * and line or paragraph separators becomes one space, and spaces are not doubled.
 */
export const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
