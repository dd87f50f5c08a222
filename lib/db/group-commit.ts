/**
 * Many requests' records written in few statements (the activity log's rows, the meter's): while one write runs, what
 * the next requests record gathers in a batch and goes in the next write, so a busy app writes a few times a second
 * and an idle one at once.
 */
export interface GroupCommit<B> {
  /** Puts a record into the batch now gathering; resolves once that batch's write has ended (written or given up). */
  add(put: (batch: B) => void): Promise<void>;
  /** Resolves once every batch begun so far has been written (or given up). */
  settled(): Promise<void>;
}

interface Gathering<B> {
  batch: B;
  written: Promise<void>;
  resolve: () => void;
}
interface QueueState<B> {
  waiting?: Gathering<B>;
  writing?: Gathering<B>;
  draining?: boolean;
  /** When the last write ended, ms since the epoch. */
  lastWrite?: number;
}

// One queue of each name per process, whichever route bundle (each with its own copy of the modules) records.
const globalForQueues = globalThis as unknown as { groupCommits?: Map<string, QueueState<unknown>> };

export function groupCommit<B>(
  name: string,
  options: {
    /** A new, empty batch. */
    empty: () => B;
    /**
     * How long a write that follows another closely waits for more records (0: none). PGlite runs in the requests' own
     * thread, so each write costs their CPU: gathering for a moment there saves most of it. PostgreSQL's writes wait on
     * I/O and gather as they go.
     */
    gatherMs: () => number | Promise<number>;
    /** Writes a batch. What it cannot write is its own to keep for a later write or to give up. */
    write: (batch: B) => Promise<void>;
    /** A write threw: the batch is given up, and this says so where its owner's failures are said. */
    failed: (error: unknown, batch: B) => void;
  },
): GroupCommit<B> {
  const state = () => {
    const queues = (globalForQueues.groupCommits ??= new Map());
    let queue = queues.get(name) as QueueState<B> | undefined;
    if (!queue) queues.set(name, (queue = {}));
    return queue;
  };

  async function drain(queue: QueueState<B>) {
    queue.draining = true;
    try {
      while (queue.waiting) {
        const wait = (queue.lastWrite ?? 0) + (await options.gatherMs()) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const gathering = queue.waiting!;
        queue.waiting = undefined;
        queue.writing = gathering;
        try {
          await options.write(gathering.batch);
        } catch (error) {
          options.failed(error, gathering.batch);
        } finally {
          queue.lastWrite = Date.now();
          gathering.resolve();
        }
      }
    } finally {
      queue.writing = undefined;
      queue.draining = false;
    }
  }

  return {
    add(put) {
      const queue = state();
      if (!queue.waiting) {
        let resolve!: () => void;
        const written = new Promise<void>((done) => (resolve = done));
        queue.waiting = { batch: options.empty(), written, resolve };
      }
      const { written } = queue.waiting;
      put(queue.waiting.batch);
      if (!queue.draining) void drain(queue);
      return written;
    },
    async settled() {
      const queue = state();
      await Promise.all([queue.writing?.written, queue.waiting?.written]);
    },
  };
}
