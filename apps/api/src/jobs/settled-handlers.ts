import type PgBoss from 'pg-boss';

/**
 * pg-boss writes a job's outcome (done or failed) after its handler returns without waiting for the write, and its
 * stop stops waiting for handlers after a timeout: a handler still running then would have its outcome written to a
 * database already closed (an unhandled rejection). This counts the handlers `boss` runs; the function it returns
 * waits for every one still running and for the writes their outcomes start.
 */
export function settledHandlers(boss: PgBoss): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...args: unknown[]) => {
    const handler = args.pop() as (jobs: unknown) => Promise<unknown>;
    const counted = (jobs: unknown) => {
      const handled = handler(jobs);
      running.add(handled);
      const forget = () => running.delete(handled);
      handled.then(forget, forget);
      return handled;
    };
    return work(name, ...args, counted);
  }) as typeof boss.work;
  return async () => {
    await Promise.allSettled(running);
    // The outcome's write starts a few promise turns after the handler settles: one turn of the event loop later,
    // every one has started on a database still open.
    await new Promise((resolve) => setImmediate(resolve));
  };
}
