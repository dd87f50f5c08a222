import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { log, requestContext } from "@/lib/log";
import { requireRole, requireStepUp } from "@/lib/services/access";
import type { AuditAction } from "@/lib/services/audit/log";
import { AppError, isUnavailable } from "@/lib/services/errors";
import { visitorIp, type Caller } from "@/lib/services/platform/gateway";
import { invalid, WITH_INPUT } from "./route";
import { assertText } from "./well-formed";

/**
 * What a form's server action hands back to `useActionState`: the answer, or what went wrong and the fields at fault.
 */
export interface ActionState<T = unknown> {
  data?: T;
  error?: string;
  /** The API's error code for the same failure (`step_up_required` asks the form to confirm it is you, then retry). */
  code?: string;
  fields?: Record<string, string>;
  /** The HTTP status the same failure has in the API (400 for fields, 422, 409, 429 …). */
  status?: number;
}

export type FormAction<T = unknown> = (previous: ActionState<T> | undefined, form: FormData) => Promise<ActionState<T>>;

interface ActionContext<I extends z.ZodType> {
  user: SessionUser;
  caller: Caller & { user: SessionUser };
  input: z.output<I>;
}

const failed = (error: AppError): ActionState<never> => ({
  error: error.message,
  code: error.code,
  status: error.status,
  ...(error.fields ? { fields: error.fields } : {}),
});

/**
 * Runs a plain server action's work (one without a form state) in a request context, so its activity log rows name
 * its user and client address as a route's do.
 */
export async function asRequestOf<T>(user: SessionUser, run: () => Promise<T>): Promise<T> {
  return requestContext.run({ requestId: randomUUID(), ip: visitorIp(await headers()), user }, run);
}

/**
 * A server action for an in-app form, the twin of route(): loads the signed-in user (read again from the database),
 * checks the role, validates the form's fields with zod (the same field mapping as the API's 400), and answers an
 * expected failure as `{ error, fields, status }` for the form to show. Unknown errors are logged and become a plain
 * message. `redirect()` and `notFound()` inside `run` work as in any action. Next.js checks the request's origin.
 * `stepUp` asks for a recent second factor after the role, as route()'s does (403 `step_up_required`, logged).
 */
export function action<I extends z.ZodType, T>(
  options: { roles: readonly Role[]; input: I; stepUp?: AuditAction },
  run: (context: ActionContext<I>) => Promise<T>,
): FormAction<T> {
  return async (_previous, form) => {
    try {
      const user = requireRole(await currentUser(), options.roles);
      const ip = visitorIp(await headers());
      if (options.stepUp) requireStepUp(user, options.stepUp, { ip });
      const fields = Object.fromEntries(
        [...form.entries()].filter(([name, value]) => typeof value === "string" && !name.startsWith("$ACTION")),
      );
      assertText(fields, "form");
      const parsed = options.input.safeParse(fields, WITH_INPUT);
      if (!parsed.success) throw invalid(parsed.error, "form");
      const caller = { user, ip };
      // The activity log's rows of the action name its user, client address and request like a route's.
      const context = { requestId: randomUUID(), ip: caller.ip, user };
      return { data: await requestContext.run(context, () => run({ user, caller, input: parsed.data })) };
    } catch (error) {
      unstable_rethrow(error);
      if (AppError.is(error)) return failed(error);
      if (isUnavailable(error)) {
        log.warn({ err: error }, "a backing service is unavailable");
        return failed(
          new AppError({
            code: "unavailable",
            message: "The app's database is not answering right now. Please try again in a minute.",
          }),
        );
      }
      log.error({ err: error }, "unhandled error in a server action");
      return failed(
        new AppError({ code: "internal_error", message: "Something went wrong on our side. Please try again." }),
      );
    }
  };
}
