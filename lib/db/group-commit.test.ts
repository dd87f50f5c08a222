import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

/** A queue whose writes end when the test says, recording each batch it was handed. */
function queue(name: string, gatherMs = 0) {
  const written: number[][] = [];
  const failures: unknown[] = [];
  let release: (() => void) | undefined;
  let failNext = false;
  const commit = groupCommit<number[]>(name, {
    empty: () => [],
    gatherMs: () => gatherMs,
    write: async (batch) => {
      await new Promise<void>((resolve) => (release = resolve));
      if (failNext) {
        failNext = false;
        throw new Error("the database went away");
      }
      written.push([...batch]);
    },
    failed: (error) => failures.push(error),
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  return {
    commit,
    written,
    failures,
    failNextWrite: () => (failNext = true),
    /** Resolves once a write has begun. */
    begun: () => until(() => release !== undefined),
    /** Ends the write in progress, once one has begun. */
    release: async () => {
      await until(() => release !== undefined);
      const end = release!;
      release = undefined;
      end();
    },
  };
}

describe("a group commit", () => {
  it("writes what arrives during a write together in the next one, in order, and settles each caller with its batch", async () => {
    const q = queue("test-order");
    const first = q.commit.add((batch) => batch.push(1));
    await q.begun();
    const second = q.commit.add((batch) => batch.push(2));
    const third = q.commit.add((batch) => batch.push(3));
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await q.release();
    await first;
    expect(q.written).toEqual([[1]]);
    expect(secondDone).toBe(false);
    await q.release();
    await Promise.all([second, third]);
    expect(q.written).toEqual([[1], [2, 3]]);
  });

  it("settles once everything added so far is written, and at once when nothing is", async () => {
    const q = queue("test-settled");
    await q.commit.settled();
    void q.commit.add((batch) => batch.push(1));
    await q.begun();
    void q.commit.add((batch) => batch.push(2));
    let settled = false;
    const all = q.commit.settled().then(() => (settled = true));
    await q.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    await q.release();
    await all;
    expect(q.written.flat()).toEqual([1, 2]);
  });

  it("hands a failed write to its owner, resolves its callers, and goes on with the next batch", async () => {
    const q = queue("test-failure");
    q.failNextWrite();
    const lost = q.commit.add((batch) => batch.push(1));
    await q.release();
    await lost;
    expect(q.failures).toEqual([new Error("the database went away")]);
    const next = q.commit.add((batch) => batch.push(2));
    await q.release();
    await next;
    expect(q.written).toEqual([[2]]);
  });

  it("waits the gathering time after a write before the next, so more of a busy moment goes in one write", async () => {
    const q = queue("test-gather", 40);
    void q.commit.add((batch) => batch.push(1));
    await q.release();
    await q.commit.settled();
    const started = performance.now();
    const next = q.commit.add((batch) => batch.push(2));
    void q.commit.add((batch) => batch.push(3));
    await q.release();
    await next;
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    expect(q.written).toEqual([[1], [2, 3]]);
  });

  it("shares one queue per name in the process, as each route bundle's copy of a module does", async () => {
    const a = queue("test-shared");
    const b = groupCommit<number[]>("test-shared", {
      empty: () => [],
      gatherMs: () => 0,
      write: async () => {},
      failed: () => {},
    });
    const added = a.commit.add((batch) => batch.push(1));
    let settled = false;
    const waiting = b.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    await a.release();
    await Promise.all([added, waiting]);
  });
});
