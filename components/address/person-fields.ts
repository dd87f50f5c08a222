export interface PersonFields {
  firstName: string;
  lastName: string;
  address: string;
}

const MISSING: Record<keyof PersonFields, string> = {
  firstName: "Enter your first name",
  lastName: "Enter your last name",
  address: "Enter your home address",
};

/** The fields left empty, each with what to do about it. */
export function missingFields(person: PersonFields): Partial<Record<keyof PersonFields, string>> {
  return Object.fromEntries((Object.keys(MISSING) as (keyof PersonFields)[]).filter((field) => !person[field].trim()).map((field) => [field, MISSING[field]]));
}

/** The API's field messages ("firstName is required") in words a person reads ("Enter your first name"). */
export function humanFieldErrors(fields: Record<string, string> | undefined): Partial<Record<keyof PersonFields, string>> {
  const human: Partial<Record<keyof PersonFields, string>> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (!(field in MISSING)) continue;
    const key = field as keyof PersonFields;
    human[key] = /is required$/.test(message)
      ? MISSING[key]
      : message
          .replace(/^[a-z]+Name\b|^address\b/, "")
          .trim()
          .replace(/^./, (c) => c.toUpperCase());
  }
  return human;
}
