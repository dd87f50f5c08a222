/**
 * The applicant of each address this tab looked up, so reopening a recent lookup (a link that carries only the
 * address) keeps the name. Kept in sessionStorage: it stays with the tab and leaves with it.
 */
const STORAGE_KEY = "lookup-applicants";
const MAX_KEPT = 50;

/** One key for every way the lookup writes an address: case, spacing and ZIP+4 aside. */
export function applicantKey(address: string): string {
  return address
    .toUpperCase()
    .replace(/\s+/g, " ")
    .replace(/(\d{5})-\d{4}$/, "$1")
    .trim();
}

type Store = Pick<Storage, "getItem" | "setItem">;

function read(store: Store): Record<string, string> {
  try {
    const value: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberApplicant(store: Store, addresses: string[], applicant: string): void {
  if (!applicant.trim()) return;
  const kept = read(store);
  for (const address of addresses) {
    delete kept[applicantKey(address)];
    kept[applicantKey(address)] = applicant.trim();
  }
  store.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(Object.entries(kept).slice(-MAX_KEPT))));
}

export function recallApplicant(store: Store, address: string): string | undefined {
  return read(store)[applicantKey(address)];
}
