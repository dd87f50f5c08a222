/**
 * Upper-cases, drops accents, periods and stray punctuation, and splits into words. Commas become their own token, and
 * so does a dash standing between words ("77 W Wacker- 22nd Floor"), which separates like a comma.
 */
export function tokenize(text: string): string[] {
  let line = /[^\x20-\x7e]/.test(text)
    ? text
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toUpperCase()
    : text.toUpperCase();
  if (/[.’'`]/.test(line))
    line = line
      .replace(/[’'`]/g, "")
      .replace(/(\w)\.(?=\w)/g, "$1 ")
      .replace(/\./g, "");
  if (line.includes("-")) {
    line = line
      .replace(/\b(\d{5}) ?- ?(\d{4})\b/g, "$1-$2")
      .replace(/(^|\s)-+|-+(?=\s|$)/g, " , ")
      // "Unit-5", "Apt-2B"; "US-1", "SR-7", "I-95"
      .replace(/\b(APT|UNIT|STE|SUITE|RM|ROOM|BLDG|FL|LOT|SPC|TRLR|US|SR|CR|FM|HWY|RT|RTE|I|IH)-(?=[A-Z0-9])/g, "$1 ");
  }
  // A line break or semicolon separates like a comma: addresses are pasted from letters and spreadsheets.
  const tokens = line
    .replace(/[^A-Z0-9/&\- ]/g, (c) => (c === "#" ? " # " : c === "," || c === ";" || c === "\n" ? " , " : " "))
    .split(" ");
  return tokens.filter((token) => token !== "" && token !== "-");
}
