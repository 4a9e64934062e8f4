// `npm test`: unit and API integration tests (Vitest), then the browser tests (Playwright, Debian's Chromium).
import { ensureChromium, run } from './lib.mjs';

run('npm', ['run', 'test:unit']);
const chrome = ensureChromium();
run('npm', ['run', 'test:e2e'], { env: { CHROME_PATH: chrome } });
