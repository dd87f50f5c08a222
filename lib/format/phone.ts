import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * A stored phone number (E.164, "+15125550142") as a person reads and dials it: a US number in national format
 * ("(512) 555-0142"), another country's in international format, with the `tel:` link that calls it. A value that is
 * not a phone number is shown as it is, with no link.
 */
export function phoneDisplay(stored: string | null | undefined): { text: string; href: string | null } | null {
  if (!stored) return null;
  const phone = parsePhoneNumberFromString(stored, "US");
  if (!phone?.isValid()) return { text: stored, href: null };
  return {
    text: phone.country === "US" ? phone.formatNational() : phone.formatInternational(),
    href: phone.getURI(),
  };
}
