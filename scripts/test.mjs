// `npm test`: type checks, lint, formatting and import cycles first (the quickest to fail), then unit and API integration tests
// (Vitest, the fuzz suite among them), then the browser tests (Playwright, Debian's Chromium).
import { ensureChromium, run } from './lib.mjs';

/** Runs one step and says how long it took: where the time of a slow run went is read from its log. */
function step(name, command, args, options) {
  const started = Date.now();
  run(command, args, options);
  console.log(`== ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
}

step('checks', 'npm', ['run', 'check']);
step('unit and API tests', 'npm', ['run', 'test:unit']);
const chrome = ensureChromium();
step('browser journeys', 'npm', ['run', 'test:e2e'], { env: { CHROME_PATH: chrome } });
