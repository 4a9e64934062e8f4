// `npm test`: type checks, lint, formatting and import cycles first (the quickest to fail), then unit and API integration tests
// (Vitest, the fuzz suite among them), then the browser tests (Playwright, Debian's Chromium).
import { ensureChromium, run } from './lib.mjs';

run('npm', ['run', 'check']);
run('npm', ['run', 'test:unit']);
const chrome = ensureChromium();
run('npm', ['run', 'test:e2e'], { env: { CHROME_PATH: chrome } });
