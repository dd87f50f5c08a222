import { describe, expect, it, vi } from "vitest";
import type { SessionUser } from "./roles";
import { getCache } from "@/lib/cache";
import { rememberedOfUser, rememberedSessionUser, userChanged } from "./session-cache";

let nextId = 1;
const user = (role: SessionUser["role"]): SessionUser => ({ id: nextId, email: "someone@example.com", role, ownerIds: [], name: null, sessionId: "s" });

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
