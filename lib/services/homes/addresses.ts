import { standardize, type AddressParts, type Correction } from "@/lib/address";
import { AppError } from "@/lib/services/errors";

/** An address as typed, read once: its standardized key (what caches and access checks compare) and its parts. */
export interface ReadAddress {
  text: string;
  key: string;
  /** A readable label for the meter: the standardized address. */
  label: string;
  parts: Readonly<AddressParts>;
  /** Misspelt suffixes, unit words or states the parser read as the word meant ("Stret" as ST). */
  corrections: readonly Readonly<Correction>[];
}

/** The standardized key of an address, or a 400 naming the field when it cannot be read as one. */
export function addressKeyOf(address: string, field = "address"): ReadAddress {
  const { parts, key, corrections } = standardize(address);
  const numbered = parts.kind === "rural-route" || parts.kind === "po-box" ? !!parts.number : /^\d/.test(parts.number);
  const place = parts.zip || (/[A-Z]/.test(parts.city) && parts.state);
  // Without a house number and a ZIP code (or a city and state) no service could find it: refuse before spending.
  if (!parts.name || !numbered || !place) {
    throw new AppError({
      code: "invalid_request",
      message: `${field}: write the full address with street, city, state and ZIP code`,
      fields: {
        [field]: "must be a full address with street, city, state and ZIP code",
      },
    });
  }
  return { text: address, key, label: key, parts, corrections };
}
