// The suite's own Redis: a redis-server on a port of its own, with nothing kept on disk, so a fault can stop it and
// start it again without touching anyone else's.
import { once } from 'node:events';
import net from 'node:net';
import { startService } from '../lib.mjs';
import { onCleanup, stopProcessTree } from '../bench/processes.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a Redis answers PING on `port`. */
async function answers(port) {
  const socket = net.connect(port, '127.0.0.1');
  try {
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [reply] = await once(socket, 'data');
    return reply.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Starts redis-server on `port`; answers `{ url, stop, start }` (stop waits for the exit, start for PING). */
export async function startRedis(port) {
  let child;
  const start = async () => {
    child = startService(`redis-${port}`, 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
      await sleep(100);
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  onCleanup(`stop redis-server on ${port}`, () => stopProcessTree(child));
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
