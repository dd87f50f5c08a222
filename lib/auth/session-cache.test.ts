import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "./roles";
import { getCache } from "@/lib/cache";
import { rememberedOfUser, rememberedSessionUser, userChanged } from "./session-cache";

let nextId = 1;
const user = (role: SessionUser["role"]): SessionUser => ({
  id: nextId,
  email: "someone@example.com",
  role,
  ownerIds: [],
  name: null,
  sessionId: "s",
});

describe("the session user snapshot", () => {
  it("reads the database once for repeated requests, and again after any change to the user", async () => {
    const id = nextId++;
    let role: SessionUser["role"] = "loan_officer";
    const load = vi.fn(async () => ({ ...user(role), id }));
    for (let i = 0; i < 5; i++) expect((await rememberedSessionUser(id, `sid-${id}`, load))?.role).toBe("loan_officer");
    expect(load).toHaveBeenCalledTimes(1);

    role = "homeowner";
    await userChanged(id);
    expect((await rememberedSessionUser(id, `sid-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("remembers an ended session as ended, until the user changes", async () => {
    const id = nextId++;
    const load = vi.fn(async () => undefined);
    expect(await rememberedSessionUser(id, `gone-${id}`, load)).toBeUndefined();
    expect(await rememberedSessionUser(id, `gone-${id}`, load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never uses a snapshot taken while a change was landing", async () => {
    const id = nextId++;
    let role: SessionUser["role"] = "admin";
    // The change lands while the first request is reading the database: it wrote "admin" before the change.
    const load = vi.fn(async () => {
      const read = { ...user(role), id };
      if (load.mock.calls.length === 1) {
        role = "homeowner";
        await userChanged(id);
      }
      return read;
    });
    expect((await rememberedSessionUser(id, `race-${id}`, load))?.role).toBe("admin");
    expect((await rememberedSessionUser(id, `race-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the sessions of one user apart, and one user's change away from another's", async () => {
    const a = nextId++;
    const b = nextId++;
    const loadA = vi.fn(async () => ({ ...user("admin"), id: a }));
    const loadB = vi.fn(async () => ({ ...user("homeowner"), id: b }));
    await rememberedSessionUser(a, `a-${a}`, loadA);
    await rememberedSessionUser(b, `b-${b}`, loadB);
    await userChanged(a);
    await rememberedSessionUser(a, `a-${a}`, loadA);
    await rememberedSessionUser(b, `b-${b}`, loadB);
    expect(loadA).toHaveBeenCalledTimes(2);
    expect(loadB).toHaveBeenCalledTimes(1);
  });
});

describe("what a user's pages read on every view (claims, loan officer)", () => {
  it("is read once, and again after the user changes (a claim made, a home proved, an invitation accepted)", async () => {
    const id = nextId++;
    let claims = ["2800 N 24TH ST"];
    const load = vi.fn(async () => [...claims]);
    for (let i = 0; i < 3; i++) expect(await rememberedOfUser(id, "claims", load)).toEqual(["2800 N 24TH ST"]);
    expect(load).toHaveBeenCalledTimes(1);

    claims = [];
    await userChanged(id);
    expect(await rememberedOfUser(id, "claims", load)).toEqual([]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is read once for requests that find it missing at the same moment", async () => {
    const id = nextId++;
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const load = vi.fn(async () => {
      await gate;
      return { name: "Olivia Officer" };
    });
    const reads = Array.from({ length: 20 }, () => rememberedOfUser(id, "contact", load));
    release();
    for (const read of await Promise.all(reads)) expect(read).toEqual({ name: "Olivia Officer" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps one name of a user apart from another", async () => {
    const id = nextId++;
    expect(await rememberedOfUser(id, "claims", async () => "claims")).toBe("claims");
    expect(await rememberedOfUser(id, "contact", async () => "contact")).toBe("contact");
  });
});

describe("when the cache does not answer in time", () => {
  it("reads the database for that request, and keeps every snapshot of the user for the next", async () => {
    const id = nextId++;
    const load = vi.fn(async () => ({ ...user("homeowner"), id }));
    await rememberedSessionUser(id, `slow-${id}`, load);
    await rememberedSessionUser(id, `other-${id}`, load);
    expect(load).toHaveBeenCalledTimes(2);

    // The first read of a request is the user's version.
    vi.spyOn(getCache(), "get").mockRejectedValueOnce(new Error("redis get: no answer within 500 ms"));
    expect((await rememberedSessionUser(id, `slow-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(3);

    // A new version would have sent both sessions back to the database.
    await rememberedSessionUser(id, `slow-${id}`, load);
    await rememberedSessionUser(id, `other-${id}`, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("a snapshot changed in the cache (whoever can write to the shared Redis)", () => {
  /** The last snapshot written under a key holding `part`: its key and value, as the cache keeps them. */
  function written(
    writes: { mock: { calls: unknown[][] } },
    part: string,
  ): { key: string; value: { version: string; value: unknown } } {
    const call = writes.mock.calls.filter(([key]) => String(key).includes(part)).at(-1);
    if (!call) throw new Error(`no snapshot written for ${part}`);
    return { key: String(call[0]), value: call[1] as { version: string; value: unknown } };
  }

  it("is not believed: a role raised in it, or another account's snapshot copied over, is read again from the database", async () => {
    const id = nextId++;
    const writes = vi.spyOn(getCache(), "set");
    const load = vi.fn(async () => ({ ...user("homeowner"), id }));
    expect((await rememberedSessionUser(id, `mine-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(1);

    // The homeowner's snapshot, its version kept, with the role changed to admin.
    const mine = written(writes, `mine-${id}`);
    const raised = structuredClone(mine.value);
    (raised.value as SessionUser).role = "admin";
    await getCache().set(mine.key, raised, 60);
    expect((await rememberedSessionUser(id, `mine-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(2);

    // An admin's session snapshot of the same user, version and all, copied under the homeowner's session key.
    const admin = vi.fn(async () => ({ ...user("admin"), id, sessionId: "admin-session" }));
    await userChanged(id);
    await rememberedSessionUser(id, `admins-${id}`, admin);
    await rememberedSessionUser(id, `mine-${id}`, load);
    const loads = load.mock.calls.length;
    await getCache().set(written(writes, `mine-${id}`).key, structuredClone(written(writes, `admins-${id}`).value), 60);
    expect((await rememberedSessionUser(id, `mine-${id}`, load))?.role).toBe("homeowner");
    expect(load).toHaveBeenCalledTimes(loads + 1);
    writes.mockRestore();
  });
});

describe("an old snapshot put back in the cache (a replay, by whoever can write to the shared Redis)", () => {
  afterEach(() => vi.useRealTimers());

  it("is believed for no longer than the snapshot itself was: an admin's, after they were made a homeowner, is read again", async () => {
    const id = nextId++;
    const writes = vi.spyOn(getCache(), "set");
    let role: SessionUser["role"] = "admin";
    const load = vi.fn(async () => ({ ...user(role), id }));
    await rememberedSessionUser(id, `replay-${id}`, load);
    const [versionWrite] = writes.mock.calls.filter(([key]) => String(key).endsWith(`:version:${id}`));
    const [snapshotWrite] = writes.mock.calls.filter(([key]) => String(key).includes(`replay-${id}`));
    writes.mockRestore();

    // Demoted; two minutes later the admin-era version and snapshot are written back, each with a fresh lifetime.
    role = "homeowner";
    await userChanged(id);
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
    await getCache().set(String(versionWrite![0]), versionWrite![1], 3600);
    await getCache().set(String(snapshotWrite![0]), snapshotWrite![1], 3600);
    expect((await rememberedSessionUser(id, `replay-${id}`, load))?.role).toBe("homeowner");
  });
});
