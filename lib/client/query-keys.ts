/** Every query's key, from one place: the same question is cached once, whichever component asks it. */
export const queryKeys = {
  suggestion: (address: string) => ["address-suggestion", address] as const,
  verification: (address: string, applicant: string) => ["verification", address, applicant] as const,
  valuation: (address: string) => ["valuation", address] as const,
  equity: (address: string) => ["equity", address] as const,
  summary: (address: string) => ["summary", address] as const,
};
