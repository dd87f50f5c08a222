/**
 * An address brought along in a link (the widget's "Get a detailed report", through sign-up): a plausible line of text,
 * or nothing.
 */
export function carriedAddress(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text && text.length <= 300 && !/[<>\u0000-\u001f]/.test(text) ? text : undefined;
}
