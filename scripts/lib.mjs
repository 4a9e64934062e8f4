// Small process helpers shared by the start, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const ROOT = new URL('..', import.meta.url).pathname;

/** Runs a command to completion, inheriting the terminal; throws on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

/** Starts a long-running child whose output is prefixed with `name`. */
export function startService(name, command, args, env = {}, cwd = ROOT) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Resolves once `url` answers 2xx, or rejects after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 180_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Installs Debian's `name` with apt-get when this runs as root with apt-get, for `purpose`; otherwise prints
 * `instead` (what to do by hand) and exits.
 */
function aptInstall(name, purpose, instead) {
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canApt) {
    console.error(instead);
    process.exit(1);
  }
  console.log(`Installing Debian ${name} for ${purpose} (apt-get)…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', name], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The Chromium to drive: CHROME_PATH, else Debian's, installed with apt-get when missing and possible. */
export function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  aptInstall(
    'chromium',
    'the browser tests',
    'Chromium is missing: run `sudo apt-get install -y chromium` or set CHROME_PATH to a Chromium binary.',
  );
  return '/usr/bin/chromium';
}

/** HAProxy for the fleet's balancer: on PATH, else Debian's, installed with apt-get when missing and possible. */
export function ensureHaproxy() {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0) return 'haproxy';
  aptInstall(
    'haproxy',
    'the fleet',
    'HAProxy is missing: run `sudo apt-get install -y haproxy` (2.6 or later), then start the fleet again.',
  );
  return 'haproxy';
}
