import type { Role } from "./roles";

/**
 * Demo accounts of embedded mode (created at start by the bootstrap, never with a real upstream); the homeowner owns
 * two homes in the data set. A module of its own so that the sign-in page, which lists them, compiles without the
 * start-up's code.
 */
export const DEMO_ACCOUNTS = [
  { email: "homeowner@example.com", password: "homeowner-demo", role: "homeowner" },
  { email: "officer@example.com", password: "officer-demo", role: "loan_officer" },
  { email: "admin@example.com", password: "admin-demo", role: "admin" },
] as const satisfies readonly { email: string; password: string; role: Role }[];
