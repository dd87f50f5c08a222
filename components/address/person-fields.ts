export interface PersonFields {
  firstName: string;
  lastName: string;
  address: string;
}

/**
 * What to do about each field left empty (English; the form passes its reader's words from the `Onboarding` catalogue).
 */
export type MissingWords = Record<keyof PersonFields, string>;

const MISSING: MissingWords = {
  firstName: "Enter your first name",
  lastName: "Enter your last name",
  address: "Enter your home address",
};

/** The fields left empty, each with what to do about it. */
export function missingFields(
  person: PersonFields,
  words: MissingWords = MISSING,
): Partial<Record<keyof PersonFields, string>> {
  return Object.fromEntries(
    (Object.keys(MISSING) as (keyof PersonFields)[])
      .filter((field) => !person[field].trim())
      .map((field) => [field, words[field]]),
  );
}

/** The API's field messages ("firstName is required") in words a person reads ("Enter your first name"). */
export function humanFieldErrors(
  fields: Record<string, string> | undefined,
  words: MissingWords = MISSING,
): Partial<Record<keyof PersonFields, string>> {
  const human: Partial<Record<keyof PersonFields, string>> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (!(field in MISSING)) continue;
    const key = field as keyof PersonFields;
    human[key] = /is required$/.test(message)
      ? words[key]
      : message
          .replace(/^[a-z]+Name\b|^address\b/, "")
          .trim()
          .replace(/^./, (c) => c.toUpperCase());
  }
  return human;
}
