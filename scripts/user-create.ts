/**
 * Creates an account: `npm run user:create -- --role loan_officer --email someone@example.com --password '…'`.
 * Uses the app's database (DATABASE_URL, or the PGlite in DATA_DIR: stop the app first, PGlite has one writer).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { SignUpBody } from "@/lib/api/schemas/account";
import { createUser, EmailTakenError } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db";

const { values } = parseArgs({
  options: { role: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
});
const parsed = SignUpBody.extend({
  role: z.enum(["homeowner", "loan_officer", "admin"], { error: "role must be homeowner, loan_officer or admin" }),
}).safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
try {
  // Made by the operator at the console, who vouches for the email.
  const user = await createUser({ ...parsed.data, emailVerified: true });
  console.log(`created ${user.role} ${user.email} (id ${user.id})`);
} catch (error) {
  console.error(error instanceof EmailTakenError ? error.message : error);
  process.exitCode = 1;
} finally {
  await (await getDatabase()).close();
}
