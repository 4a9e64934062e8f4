import PgBoss from 'pg-boss';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { settledHandlers } from './settled-handlers';

it('writes the outcome of a job still running when stopping gave up, before the database closes', async () => {
  const test = await createTestDatabase({ migrate: false });
  let closed = false;
  const writesAfterClosing: string[] = [];
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        if (closed) writesAfterClosing.push(text);
        return test.database.executeSql(text, values);
      },
    } as never,
  });
  const waitForHandlers = settledHandlers(boss);
  try {
    await boss.start();
    await boss.createQueue('slow');
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    await boss.work('slow', { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const id = await boss.send('slow', {});
    await running;
    // Stopping waits one second for the handler, then marks the job failed and returns while it still runs.
    await boss.stop({ graceful: true, timeout: 1_000 });
    setTimeout(() => finish(), 100);
    await waitForHandlers();
    closed = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writesAfterClosing).toEqual([]);
    expect(id).toBeTruthy();
  } finally {
    await test.drop();
  }
});
