// `npm run check`: type checks, lint, formatting and import cycles, two at a time. Each is single-threaded, so on a
// two-core machine running them in pairs halves the wait; each one's output is printed whole when it ends, with its time.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const CHECKS = ['typecheck', 'lint', 'format:check', 'cycles'];
const AT_ONCE = 2;

function runCheck(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code === 0);
    });
  });
}

const waiting = [...CHECKS];
const results = await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    const passed = [];
    for (let name = waiting.shift(); name; name = waiting.shift()) passed.push(await runCheck(name));
    return passed.every(Boolean);
  }),
);
if (!results.every(Boolean)) process.exit(1);
