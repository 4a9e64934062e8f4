/**
 * Browser journeys: the API (fresh embedded database per run, serving the built back office) and the built storefront,
 * driven by Debian's Chromium. `storefront/` holds the shopper's journeys, `back-office/` the staff's (many cross both:
 * a shopper orders, staff work the order). Run from the repository root with `npm run test:e2e` (CHROME_PATH selects
 * another Chromium).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { MAIL_SINK_URL, MAIL_SMTP_PORT } from './support/mail-ports';
import { API_URL, STOREFRONT_URL } from './support/urls';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const CI = Boolean(process.env.CI);
const API_PORT = new URL(API_URL).port;
const WEB_PORT = new URL(STOREFRONT_URL).port;
/**
 * The test build gets its own folder (next.config.ts reads NEXT_DIST_DIR): a development `.next` and its running server
 * stay untouched, and runs on other ports (E2E_WEB_PORT) do not share a build, its lock or its test output.
 */
const WEB_DIST_DIR = `.next-e2e-${WEB_PORT}`;

/**
 * A new data directory per run, so PGlite starts empty and the API migrates and seeds it. The runner process creates it
 * and removes it when it exits (after Playwright has stopped the servers); workers inherit the variable and only read it.
 */
function runDataDir(): string {
  const inherited = process.env.ATTAR_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'attar-e2e-'));
  process.env.ATTAR_E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Google sign-in against a stand-in (storefront/accounts.spec.ts): one RSA key per run, made by the runner and passed to the
 * workers in ATTAR_E2E_GOOGLE_KEY (they sign ID tokens with it). The API gets its public half as a `data:` key set,
 * which it fetches like Google's published keys, and a test client id.
 */
function googleStandIn(): { GOOGLE_CLIENT_ID: string; GOOGLE_JWKS_URL: string } {
  let privateJwk = process.env.ATTAR_E2E_GOOGLE_KEY;
  if (!privateJwk) {
    privateJwk = JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }));
    process.env.ATTAR_E2E_GOOGLE_KEY = privateJwk;
  }
  const publicJwk = createPublicKey(createPrivateKey({ key: JSON.parse(privateJwk), format: 'jwk' })).export({ format: 'jwk' });
  const keySet = { keys: [{ ...publicJwk, kid: 'attar-e2e', alg: 'RS256', use: 'sig' }] };
  return {
    GOOGLE_CLIENT_ID: 'attar-e2e.apps.googleusercontent.com',
    GOOGLE_JWKS_URL: `data:application/json,${encodeURIComponent(JSON.stringify(keySet))}`,
  };
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Journeys that change a shop-wide setting other journeys' orders would feel: run alone, after the rest. */
const SHOP_WIDE_SETTINGS = /\/cod-confirmation\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  // The two servers are shared and the machine has two cores.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  outputDir: `test-results/${WEB_PORT}`,
  // A guard against a hung journey, not a measure of speed: the longest journeys (a whole checkout, several sign-ins)
  // take about 30 s on a busy two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: STOREFRONT_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    locale: 'en-US',
    timezoneId: 'Africa/Cairo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Journeys run on the desktop. The phone runs those tagged `@phone` (its own bars, sheets and viewer) and
  // `@every-screen` (the main walks whose layout changes on a phone: the cart panel, checkout, search, the product's
  // gallery, an order's details, and the accessibility checks of the pages that change most): rules that do not depend
  // on the screen are tested once per language, not twice.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone|@screenshots/,
      testIgnore: SHOP_WIDE_SETTINGS,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      grep: /@phone|@every-screen/,
      testIgnore: SHOP_WIDE_SETTINGS,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: devices['iPhone 13'].deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      },
    },
    // Journeys that turn on a setting every order feels (the cash orders' confirmation): alone, once the others are done.
    {
      name: 'shop-wide',
      testMatch: SHOP_WIDE_SETTINGS,
      dependencies: ['desktop', 'mobile'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    // The README's pictures (storefront/screenshots.spec.ts), taken only by `npm run screenshots`.
    ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', grep: /@screenshots/, use: { viewport: { width: 1280, height: 800 } } }] : []),
  ],
  webServer: [
    {
      // The mail server the API sends e-mail to (support/mail.ts reads it); SMS stay in the development outbox.
      name: 'mail',
      command: 'npx tsx src/test/smtp-sink.ts',
      cwd: path.join(REPO_ROOT, 'apps/api'),
      env: { SMTP_SINK_PORT: String(MAIL_SMTP_PORT), SMTP_SINK_HTTP_PORT: String(new URL(MAIL_SINK_URL).port) },
      url: `${MAIL_SINK_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: !CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'api',
      // The API serves the back office (apps/admin) it finds built.
      command: 'npm run build -w @attar/admin && npm start -w @attar/api',
      cwd: REPO_ROOT,
      env: {
        API_PORT,
        DATA_DIR: runDataDir(),
        // The run's own embedded database and rate-limit counters, whatever servers the environment names (CI gives
        // `npm test` PostgreSQL and Redis for the API tests).
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_API_URL: API_URL,
        // The storefront as 127.0.0.1 and as localhost, as in demo mode (storefront/checkout.spec.ts pays on both).
        CORS_ORIGINS: `${STOREFRONT_URL},${STOREFRONT_URL.replace('127.0.0.1', 'localhost')}`,
        // The test card gateway sends shoppers back here.
        STOREFRONT_URL,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        ...googleStandIn(),
      },
      url: `${API_URL}/api/health/`,
      timeout: 300_000,
      reuseExistingServer: !CI,
      // SIGTERM lets the API close its embedded database cleanly.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'web',
      command: 'npm run build -w @attar/web && npm start -w @attar/web',
      cwd: WEB_DIR,
      env: {
        PORT: WEB_PORT,
        // The test runner stands in for a reverse proxy on this machine: each test names its own client address in
        // X-Forwarded-For, so the API's per-address limits count tests apart (docs/security.md, TRUST_PROXY).
        TRUST_PROXY: 'loopback',
        API_INTERNAL_URL: API_URL,
        NEXT_DIST_DIR: WEB_DIST_DIR,
        // The public-IP lookup must fail fast: no test may reach the internet.
        NEXT_PUBLIC_IP_LOOKUP_URL: 'http://127.0.0.1:9/',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      url: STOREFRONT_URL,
      timeout: 400_000,
      reuseExistingServer: !CI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      // The build's progress lines would bury the test list; its errors arrive on stderr.
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
