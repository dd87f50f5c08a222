import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { auditEvents, outbox } from "@/lib/db/schema";
import { auditSettled } from "@/lib/services/audit/log";
import { AppError } from "@/lib/services/errors";
import { outboxFor } from "./outbox";

/** The outbox read as staff read customers' records (issue 53): it names people and their homes. */
describe("an admin's reads of the outbox", () => {
  let handle: DatabaseHandle;
  const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
  const admin = (sessionId: string, secondFactorAt: number): { ip: string; user: SessionUser } => ({
    ip: "203.0.113.9",
    user: {
      id: 1,
      email: "boss@example.com",
      role: "admin",
      name: "Pat Boss",
      ownerIds: [],
      sessionId,
      secondFactor: "given",
      secondFactorAt,
    },
  });
  const codeOf = (read: Promise<unknown>) =>
    read.then(
      () => "answered",
      (error: unknown) => (AppError.is(error) ? error.code : error),
    );
  const rows = async () => {
    await auditSettled();
    return handle.db.select().from(auditEvents);
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory://" });
    (globalThis as { appDatabase?: Promise<DatabaseHandle> }).appDatabase = Promise.resolve(handle);
    await handle.db.insert(outbox).values(
      Array.from({ length: 60 }, (_, i) => ({
        kind: "email" as const,
        recipient: `owner-${i}@example.com`,
        subject: "Your home's value",
        text: `Hello owner ${i}`,
        delivery: "outbox",
      })),
    );
  });
  afterAll(async () => {
    await auditSettled();
    await handle.close();
  });

  it("more than 50 messages in one answer ask for a recent second factor, and are an export row once given", async () => {
    expect(await codeOf(outboxFor(admin("a", minutesAgo(30))))).toBe("step_up_required");
    expect(await outboxFor(admin("a", minutesAgo(1)))).toHaveLength(60);
    const logged = (await rows()).filter((r) => r.action === "outbox.export");
    expect(logged.map((r) => [r.outcome, r.detail?.count])).toEqual([
      ["refused", 60],
      ["allowed", 60],
    ]);
  });

  it("50 at a time, a session past 500 messages in ten minutes steps up too, on the page as through the API; another session has its own count", async () => {
    const stale = admin("b", minutesAgo(30));
    for (let page = 0; page < 10; page++) expect(await outboxFor(stale, {}, 50)).toHaveLength(50);
    expect(await codeOf(outboxFor(stale, {}, 50))).toBe("step_up_required");
    expect(await outboxFor(admin("c", minutesAgo(30)), {}, 50)).toHaveLength(50);
    // The app's page too (it shows the step-up's prompt instead).
    expect(await codeOf(outboxFor(stale, {}, 50, "page"))).toBe("step_up_required");
    const refused = (await rows()).filter((r) => r.action === "outbox.export" && r.outcome === "refused").at(-1);
    expect(refused?.detail).toMatchObject({ count: 50, via: "page", sessionRows: "more than 500 in 10 minutes" });
  });
});
