// Child processes and clean-up for the benchmark: every server it starts is stopped, and every database it
// creates is dropped, on success, on failure and on Ctrl+C; and the wait for a quiet machine before measuring.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService, waitForUrl } from '../lib.mjs';

const cleanups = [];
let cleaningUp;

/** Registers `fn` to run at the end (last registered runs first); returns a function that runs it early. */
export function onCleanup(label, fn) {
  const entry = { label, fn, done: false };
  cleanups.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    await fn();
  };
}

export function cleanUp() {
  cleaningUp ??= (async () => {
    for (const entry of cleanups.reverse()) {
      if (entry.done) continue;
      entry.done = true;
      try {
        await entry.fn();
      } catch (error) {
        console.error(`clean-up "${entry.label}" failed: ${error.message}`);
      }
    }
  })();
  return cleaningUp;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping servers and dropping the benchmark database…`);
    await cleanUp();
    process.exit(130);
  });
}

/**
 * When process `pid` started (clock ticks since boot, /proc/<pid>/stat), or undefined once it has exited: process ids
 * are reused (a busy machine's run out within the hour), so a process is known by its id and its start together.
 */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: the state first (Z: exited, not
    // yet reaped), the start 20th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] === 'Z' ? undefined : fields[19];
  } catch {
    return undefined;
  }
}

/** `pid`, the processes it started and theirs (tsx → node → esbuild), read from /proc: `{ pid, started }` each. */
function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // already gone
  }
  return [{ pid, started: startTime(pid) }, ...children.flatMap(processTree)];
}

/** Whether the process is still the one seen: not gone, and its id not taken by a newer process. */
const isAlive = ({ pid, started }) => started !== undefined && startTime(pid) === started;

const signal = (processes, name) => {
  for (const { pid } of processes.filter(isAlive)) {
    try {
      process.kill(pid, name);
    } catch {
      // exited meanwhile
    }
  }
};

async function waitForExit(processes, ms) {
  const deadline = Date.now() + ms;
  while (processes.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Stops a child and everything it started: SIGTERM to the child alone first (tsx passes it on to the server once;
 * signalling the server as well would make it shut down twice), then, after `graceMs`, SIGTERM and finally SIGKILL
 * to whatever of its tree is left.
 */
export async function stopProcessTree(child, graceMs = 5000) {
  // Exited already: its id may be another process's by now.
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const tree = processTree(child.pid);
  signal(tree.slice(0, 1), 'SIGTERM');
  await waitForExit(tree, graceMs);
  signal(tree, 'SIGTERM');
  await waitForExit(tree, 2000);
  signal(tree, 'SIGKILL');
}

/**
 * Starts a server (output prefixed with `name`), waits until `readyUrl` answers, and registers its stop.
 * Returns `{ child, stop }`.
 */
export async function startServer(name, command, args, { env = {}, cwd, readyUrl, timeoutMs = 180_000 }) {
  const child = startService(name, command, args, env, cwd);
  const stop = onCleanup(`stop ${name}`, () => stopProcessTree(child));
  try {
    await waitForUrl(readyUrl, timeoutMs, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop };
}

/** The first port from `start` on that nothing listens to on the loopback interface. */
export async function freePort(start) {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${start}–${start + 99}`);
}

/**
 * Waits until the 1-minute load average is below half the cores (at most `maxSeconds`), so that what ran just before
 * (seeding, the storefront's build) no longer takes CPU from the servers under test; returns the load average then.
 */
export async function settledLoadAverage(maxSeconds = 120) {
  const cores = os.availableParallelism();
  const busy = () => os.loadavg()[0] > cores / 2;
  if (busy() && maxSeconds > 0)
    console.log(`Waiting up to ${maxSeconds} s for the load average (${os.loadavg()[0].toFixed(1)}) to fall below ${cores / 2}.`);
  for (const deadline = Date.now() + maxSeconds * 1000; busy() && Date.now() < deadline;) await sleep(5000);
  const load = os.loadavg()[0];
  if (load > cores / 2) console.warn(`Warning: load average ${load.toFixed(1)} on ${cores} cores; other processes will skew the figures.`);
  return load;
}
