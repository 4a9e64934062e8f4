import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: `.data/` (embedded database, generated media) lives there. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Country = { country: string; country_code: string };

export type Config = {
  host: string;
  port: number;
  /** postgres://… selects a PostgreSQL server; unset selects embedded PGlite under `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  mediaDir: string;
  /** Absolute base of image URLs in answers, e.g. http://localhost:8000 */
  publicUrl: string;
  /** Country reported for loopback and private addresses, so a local run can sell. */
  localCountry: Country;
  /** Optional CSV (`cidr,country_code,country` per line) of address ranges for public addresses. */
  geoipCidrFile: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  catalogueMaxAge: number;
  /** How long the API reuses a guest's catalogue answer (ms); 0 turns the micro-cache off. */
  catalogueCacheMs: number;
  /** Signs verification codes (HMAC); set SECRET_KEY in production. */
  secretKey: string;
  /** Days a token lives after its last use (sliding). */
  tokenTtlDays: number;
  /** Shared rate-limit counters; PostgreSQL when unset. */
  redisUrl: string | undefined;
  delivery: {
    /** smtp://user:pass@host:587 — unset: e-mail goes to the development outbox. */
    smtpUrl: string | undefined;
    mailFrom: string;
    /** An HTTP SMS gateway taking POST {to, message} — unset: SMS goes to the development outbox. */
    smsGatewayUrl: string | undefined;
    smsGatewayToken: string | undefined;
  };
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  /** Loyalty: piastres spent per point earned (1000 = 1 point per 10 LE). */
  piastresPerPoint: number;
  /** Loyalty: what one point is worth at checkout, in piastres (10 = 0.10 LE). */
  pointValuePiastres: number;
  /** Paymob's accept flow; unset: the built-in test gateway. */
  paymob: { apiKey: string | undefined; integrationId: string | undefined; iframeId: string | undefined; hmacSecret: string; baseUrl: string };
  /** The storefront's address, where the payment pages send the shopper back. */
  storefrontUrl: string;
  /** Runs the pg-boss worker that sends order messages (JOBS=off: none, e.g. for one-off tools). */
  jobs: boolean;
  /** Staff calls (order status changes) need `X-Staff-Key: <this>`; unset: no staff calls. */
  staffKey: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.API_PORT ?? 8000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    host: env.API_HOST ?? '0.0.0.0',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    publicUrl: (env.PUBLIC_API_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    localCountry: {
      country: env.LOCAL_COUNTRY ?? 'Egypt',
      country_code: env.LOCAL_COUNTRY_CODE ?? 'EG',
    },
    geoipCidrFile: env.GEOIP_CIDR_FILE || undefined,
    corsOrigins: (env.CORS_ORIGINS ?? 'http://localhost:3000,http://127.0.0.1:3000').split(',').map((s) => s.trim()),
    logLevel: env.LOG_LEVEL ?? 'info',
    catalogueMaxAge: Number(env.CATALOGUE_MAX_AGE ?? 60),
    catalogueCacheMs: Number(env.CATALOGUE_CACHE_MS ?? 2000),
    secretKey: env.SECRET_KEY ?? 'attar-development-secret-change-me',
    tokenTtlDays: Number(env.TOKEN_TTL_DAYS ?? 30),
    redisUrl: env.REDIS_URL || undefined,
    delivery: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM ?? 'Attar <no-reply@attar.example>',
      smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
      smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID || undefined,
      jwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
      issuers: (env.GOOGLE_ISSUERS ?? 'https://accounts.google.com,accounts.google.com').split(','),
    },
    facebook: {
      appId: env.FACEBOOK_APP_ID || undefined,
      appSecret: env.FACEBOOK_APP_SECRET || undefined,
      graphUrl: (env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com/v19.0').replace(/\/$/, ''),
    },
    piastresPerPoint: Number(env.POINTS_PIASTRES_PER_POINT ?? 1000),
    pointValuePiastres: Number(env.POINT_VALUE_PIASTRES ?? 10),
    paymob: {
      apiKey: env.PAYMOB_API_KEY || undefined,
      integrationId: env.PAYMOB_INTEGRATION_ID || undefined,
      iframeId: env.PAYMOB_IFRAME_ID || undefined,
      hmacSecret: env.PAYMOB_HMAC_SECRET ?? 'attar-test-gateway-hmac',
      baseUrl: (env.PAYMOB_BASE_URL ?? 'https://accept.paymob.com/api').replace(/\/$/, ''),
    },
    storefrontUrl: (env.STOREFRONT_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
    staffKey: env.STAFF_API_KEY || undefined,
    jobs: env.JOBS !== 'off',
  };
}
