import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicUrlProblem, type PaymentMethod } from '@attar/contract';

/** The repository root: `.data/` (embedded database, generated media) lives there. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Country = { country: string; country_code: string };

/**
 * `demo`: the zero-set-up shop of `npm start` (embedded database, development outbox, test card gateway, secrets made up
 * at start). `production` (`NODE_ENV=production`): every setting named by `productionProblems` is required, and the
 * outbox and the test gateway do not exist whatever else is set (docs/security.md).
 */
export type Mode = 'demo' | 'production';

/**
 * Which gateway takes online payments (card, and the wallet, kiosk and valU methods it is set up for): Paymob (all four
 * base settings), the built-in test gateway (demo only, every method), or none (cash on delivery only).
 */
export type CardGateway = 'paymob' | 'test' | 'none';

/** The online methods besides the card, each with its own Paymob integration (decision 0014). */
export type MediaStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS itself; set for any other S3-compatible server (MinIO, R2, …). */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Most servers other than AWS want `bucket` in the path, not the host name. */
      forcePathStyle: boolean;
    };

export type ExtraPaymentMethod = 'wallet' | 'kiosk' | 'valu';

export type Config = {
  mode: Mode;
  host: string;
  port: number;
  /** Fastify's `trustProxy`: which hops in front of the API may say who the client is (X-Forwarded-For). */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /**
   * Who may read `/metrics` (METRICS_ALLOW: addresses and CIDR ranges, `loopback` included), judged by the connection's
   * own address. Demo mode: this machine. Production: nobody unless named.
   */
  metricsAllow: string[];
  /** postgres://… selects a PostgreSQL server; unset selects embedded PGlite under `pgliteDir`. */
  databaseUrl: string | undefined;
  /** Where the shop keeps its local files (embedded database, media, the demo owner's first password). */
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  /** Where uploaded pictures are kept: the local media root, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: MediaStorageConfig;
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
  /** Signs verification codes (HMAC). Required in production; made up at each start in demo mode. */
  secretKey: string;
  /** Days a token lives after its last use (sliding). */
  tokenTtlDays: number;
  /**
   * The proof-of-work challenge asked of a busy address (decision 0033): the HMAC key signing challenges (required in
   * production, shared by every instance; made up at each start in demo mode) and the largest counter a solver may
   * have to reach (the work: about 100,000 SHA-256 hashes is a second or less in a phone's browser).
   */
  challenge: { hmacKey: string; maxNumber: number };
  /** Shared rate-limit counters; PostgreSQL when unset. */
  redisUrl: string | undefined;
  delivery: {
    /** smtp://user:pass@host:587 — unset (demo only): e-mail goes to the development outbox. */
    smtpUrl: string | undefined;
    mailFrom: string;
    /** An HTTP SMS gateway taking POST {to, message} — unset (demo only): SMS goes to the development outbox. */
    smsGatewayUrl: string | undefined;
    smsGatewayToken: string | undefined;
    /** SMS the whole shop may send in an hour (a ceiling against SMS pumping). */
    smsHourlyLimit: number;
  };
  /**
   * WhatsApp Business Cloud API (decision 0050): order messages go by WhatsApp with their SMS held back as the fallback.
   * `enabled` when all four settings are set, or in demo mode with WHATSAPP_STANDIN=on (the development outbox stands
   * in for Meta); off when none is set. Production refuses some but not all.
   */
  whatsapp: {
    enabled: boolean;
    /** Demo mode only: messages go to the development outbox instead of Meta's Graph API. */
    standIn: boolean;
    token: string | undefined;
    phoneNumberId: string | undefined;
    /** The app secret that signs the webhook's POSTs (X-Hub-Signature-256). */
    appSecret: string | undefined;
    /** What Meta sends back in the webhook's verification handshake. */
    verifyToken: string | undefined;
    /** The Graph API with its version, e.g. https://graph.facebook.com/v21.0 */
    graphUrl: string;
    /** Minutes a WhatsApp message has to be delivered before its SMS is sent instead. */
    fallbackMinutes: number;
  };
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  facebook: { appId: string | undefined; appSecret: string | undefined; graphUrl: string };
  cardGateway: CardGateway;
  /** Paymob's accept flow; every field is set when `cardGateway` is 'paymob'. */
  paymob: {
    apiKey: string | undefined;
    integrationId: string | undefined;
    iframeId: string | undefined;
    hmacSecret: string | undefined;
    baseUrl: string;
    /** Each method's integration id (valU also its own hosted page); unset: the method is not offered. */
    integrations: Record<ExtraPaymentMethod, string | undefined>;
    valuIframeId: string | undefined;
  };
  /**
   * Bosta, the courier orders are handed to through its API (decision 0049): its REST API with the business's key, and
   * the secret Bosta sends in the webhook's Authorization header. Demo mode without keys: the local stand-in
   * (couriers/bosta-stand-in.ts) under this API's own address, with keys made up at start. Null: no courier API (staff
   * type the courier and tracking number by hand, as always).
   */
  bosta: { apiKey: string; webhookSecret: string; baseUrl: string; standIn: boolean } | null;
  /** The ways to pay the shop takes: cash on delivery, then the online methods its gateway offers. */
  paymentMethods: PaymentMethod[];
  /** The smallest order total, in piastres, that valU instalments take. */
  valuMinPiastres: number;
  /** The storefront's address, where the payment pages send the shopper back. */
  storefrontUrl: string;
  /** Runs the pg-boss worker that sends order messages (JOBS=off: none, e.g. for one-off tools). */
  jobs: boolean;
  /**
   * Seconds a stopping instance (SIGTERM) answers `/api/ready` 503 while still serving, so the balancer moves traffic
   * away before it closes (DRAIN_SECONDS). Production: 5; demo mode: 0, so Ctrl+C stops at once.
   */
  drainSeconds: number;
  /** The back office (apps/admin): its built files, served at /admin/, and where staff open it. */
  admin: {
    dir: string;
    url: string;
    /** Who is e-mailed each new order (ORDER_ALERT_EMAILS, comma-separated); unset: every active owner and manager. */
    alertEmails: string[];
    /** Owners and managers must use an authenticator app (always in production; STAFF_TOTP=required in demo). */
    totpRequired: boolean;
  };
};

const PAYMOB_SETTINGS = ['PAYMOB_API_KEY', 'PAYMOB_INTEGRATION_ID', 'PAYMOB_IFRAME_ID', 'PAYMOB_HMAC_SECRET'] as const;
const PAYMOB_METHOD_SETTINGS = {
  wallet: 'PAYMOB_WALLET_INTEGRATION_ID',
  kiosk: 'PAYMOB_KIOSK_INTEGRATION_ID',
  valu: 'PAYMOB_VALU_INTEGRATION_ID',
} as const satisfies Record<ExtraPaymentMethod, string>;
const BOSTA_SETTINGS = ['BOSTA_API_KEY', 'BOSTA_WEBHOOK_SECRET'] as const;
const WHATSAPP_SETTINGS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
const MIN_SECRET_LENGTH = 32;
const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
/** Where this instance serves pictures from (`/media/` under its public address); stored pictures are paths under it. */
export const mediaBaseOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/media/`;

export const modeOf = (env: NodeJS.ProcessEnv): Mode => (env.NODE_ENV === 'production' ? 'production' : 'demo');

/** `TRUST_PROXY`: `false`/`none`, a hop count, or comma-separated addresses and CIDR ranges (`loopback` included). */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = set(value) ?? 'loopback';
  if (text === 'false' || text === 'none') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * What stops the API from starting: in production, every missing setting (and a secret too short to be one); in both
 * modes, a half-configured Paymob (it would take payments it cannot verify).
 */
export function configProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const paymobSet = PAYMOB_SETTINGS.filter((name) => set(env[name]));
  if (paymobSet.length > 0 && paymobSet.length < PAYMOB_SETTINGS.length) {
    problems.push(`${PAYMOB_SETTINGS.filter((name) => !set(env[name])).join(', ')}: Paymob needs all of ${PAYMOB_SETTINGS.join(', ')}`);
  }
  const methodsSet = Object.values(PAYMOB_METHOD_SETTINGS).filter((name) => set(env[name]));
  if (methodsSet.length > 0 && paymobSet.length < PAYMOB_SETTINGS.length) {
    problems.push(`${methodsSet.join(', ')}: a Paymob payment method needs Paymob itself (${PAYMOB_SETTINGS.join(', ')})`);
  }
  if (Boolean(set(env.PAYMOB_VALU_INTEGRATION_ID)) !== Boolean(set(env.PAYMOB_VALU_IFRAME_ID))) {
    problems.push('PAYMOB_VALU_INTEGRATION_ID, PAYMOB_VALU_IFRAME_ID: valU needs both');
  }
  const bostaSet = BOSTA_SETTINGS.filter((name) => set(env[name]));
  if (bostaSet.length === 1) {
    problems.push(`${BOSTA_SETTINGS.filter((name) => !set(env[name])).join(', ')}: Bosta needs both ${BOSTA_SETTINGS.join(' and ')}`);
  }
  const bostaSecret = set(env.BOSTA_WEBHOOK_SECRET);
  if (bostaSecret && bostaSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`BOSTA_WEBHOOK_SECRET: shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  const whatsappSet = WHATSAPP_SETTINGS.filter((name) => set(env[name]));
  if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_SETTINGS.length) {
    problems.push(
      `${WHATSAPP_SETTINGS.filter((name) => !set(env[name])).join(', ')}: WhatsApp needs all of ${WHATSAPP_SETTINGS.join(', ')}`,
    );
  }
  const fallbackMinutes = set(env.WHATSAPP_FALLBACK_MINUTES);
  if (fallbackMinutes && !/^[1-9]\d*$/.test(fallbackMinutes)) problems.push('WHATSAPP_FALLBACK_MINUTES: not a whole number of minutes');
  const drain = set(env.DRAIN_SECONDS);
  if (drain && !/^\d+(\.\d+)?$/.test(drain)) problems.push('DRAIN_SECONDS: not a number of seconds');
  if (set(env.S3_BUCKET)) {
    const missing = S3_KEYS.filter((name) => !set(env[name]));
    if (missing.length) problems.push(`${missing.join(', ')}: missing (S3_BUCKET keeps uploaded pictures in object storage)`);
  }
  if (modeOf(env) !== 'production') return problems;
  if (env.WHATSAPP_STANDIN === 'on') problems.push('WHATSAPP_STANDIN: the WhatsApp stand-in exists in demo mode only');
  const secret = set(env.SECRET_KEY);
  if (!secret) problems.push('SECRET_KEY: missing (at least 32 random characters)');
  else if (secret.length < MIN_SECRET_LENGTH) problems.push(`SECRET_KEY: shorter than ${MIN_SECRET_LENGTH} characters`);
  const challengeKey = set(env.ALTCHA_HMAC_KEY);
  if (!challengeKey) problems.push('ALTCHA_HMAC_KEY: missing (at least 32 random characters; signs the proof-of-work challenges)');
  else if (challengeKey.length < MIN_SECRET_LENGTH) problems.push(`ALTCHA_HMAC_KEY: shorter than ${MIN_SECRET_LENGTH} characters`);
  const required: [string, string][] = [
    ['DATABASE_URL', 'the PostgreSQL server (production does not run on the embedded database)'],
    ['PUBLIC_URL', "the shop's public https:// address"],
    ['SMTP_URL', 'the mail server (e-mail codes and order messages)'],
    ['MAIL_FROM', 'the sender of e-mail'],
    ['SMS_GATEWAY_URL', 'the SMS gateway (phone codes)'],
  ];
  for (const [name, what] of required) if (!set(env[name])) problems.push(`${name}: missing (${what})`);
  const publicUrl = set(env.PUBLIC_URL);
  const insecure = publicUrl && publicUrlProblem(publicUrl);
  if (insecure) problems.push(insecure);
  if (env.CARD_PAYMENTS !== 'off' && paymobSet.length === 0) {
    problems.push(`${PAYMOB_SETTINGS.join(', ')}: missing (card payments; set CARD_PAYMENTS=off to sell cash on delivery only)`);
  }
  return problems;
}

function mediaStorageConfig(env: NodeJS.ProcessEnv): MediaStorageConfig {
  const bucket = set(env.S3_BUCKET);
  if (!bucket) return { kind: 'local' };
  return {
    kind: 's3',
    bucket,
    endpoint: set(env.S3_ENDPOINT),
    region: set(env.S3_REGION) ?? 'us-east-1',
    // configProblems refuses a start with a bucket but without both keys.
    accessKeyId: set(env.S3_ACCESS_KEY_ID) ?? '',
    secretAccessKey: set(env.S3_SECRET_ACCESS_KEY) ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The settings, read from the environment. Call `configProblems` first: this does not refuse anything. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = modeOf(env);
  const port = Number(env.API_PORT ?? 8000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const publicUrl = set(env.PUBLIC_URL)?.replace(/\/$/, '');
  const paymob = {
    apiKey: set(env.PAYMOB_API_KEY),
    integrationId: set(env.PAYMOB_INTEGRATION_ID),
    iframeId: set(env.PAYMOB_IFRAME_ID),
    hmacSecret: set(env.PAYMOB_HMAC_SECRET),
    baseUrl: (env.PAYMOB_BASE_URL ?? 'https://accept.paymob.com/api').replace(/\/$/, ''),
    integrations: {
      wallet: set(env[PAYMOB_METHOD_SETTINGS.wallet]),
      kiosk: set(env[PAYMOB_METHOD_SETTINGS.kiosk]),
      valu: set(env[PAYMOB_METHOD_SETTINGS.valu]),
    },
    valuIframeId: set(env.PAYMOB_VALU_IFRAME_ID),
  };
  const paymobReady = Boolean(paymob.apiKey && paymob.integrationId && paymob.iframeId && paymob.hmacSecret);
  const cardGateway: CardGateway = env.CARD_PAYMENTS === 'off' ? 'none' : paymobReady ? 'paymob' : mode === 'demo' ? 'test' : 'none';
  const extraMethods = (['wallet', 'kiosk', 'valu'] as const).filter(
    (method) => cardGateway === 'test' || (cardGateway === 'paymob' && paymob.integrations[method] !== undefined),
  );
  const paymentMethods: PaymentMethod[] = cardGateway === 'none' ? ['cod'] : ['cod', 'card', ...extraMethods];
  const bostaApiKey = set(env.BOSTA_API_KEY);
  const bostaSecret = set(env.BOSTA_WEBHOOK_SECRET);
  const bosta =
    bostaApiKey && bostaSecret
      ? {
          apiKey: bostaApiKey,
          webhookSecret: bostaSecret,
          baseUrl: (set(env.BOSTA_BASE_URL) ?? 'https://app.bosta.co').replace(/\/$/, ''),
          standIn: false,
        }
      : mode === 'demo' && !bostaApiKey && !bostaSecret
        ? {
            apiKey: randomBytes(24).toString('base64url'),
            webhookSecret: randomBytes(32).toString('base64url'),
            baseUrl: `${(set(env.PUBLIC_API_URL) ?? publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '')}/api/dev/bosta`,
            standIn: true,
          }
        : null;
  const whatsappReady = WHATSAPP_SETTINGS.every((name) => set(env[name]));
  const whatsappStandIn = mode === 'demo' && !whatsappReady && env.WHATSAPP_STANDIN === 'on';
  const storefrontUrl = (set(env.STOREFRONT_URL) ?? publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  return {
    mode,
    host: set(env.HOST) ?? set(env.API_HOST) ?? '127.0.0.1',
    port,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsAllow: (set(env.METRICS_ALLOW) ?? (mode === 'demo' ? 'loopback' : ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    databaseUrl: set(env.DATABASE_URL),
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    storage: mediaStorageConfig(env),
    publicUrl: (set(env.PUBLIC_API_URL) ?? publicUrl ?? `http://localhost:${port}`).replace(/\/$/, ''),
    localCountry: {
      country: env.LOCAL_COUNTRY ?? 'Egypt',
      country_code: env.LOCAL_COUNTRY_CODE ?? 'EG',
    },
    geoipCidrFile: set(env.GEOIP_CIDR_FILE),
    corsOrigins: (
      set(env.CORS_ORIGINS) ?? (mode === 'production' ? new URL(storefrontUrl).origin : 'http://localhost:3000,http://127.0.0.1:3000')
    )
      .split(',')
      .map((s) => s.trim()),
    logLevel: env.LOG_LEVEL ?? 'info',
    catalogueMaxAge: Number(env.CATALOGUE_MAX_AGE ?? 60),
    catalogueCacheMs: Number(env.CATALOGUE_CACHE_MS ?? 2000),
    // Demo mode makes one up at each start: codes sent before a restart stop working, nothing else does.
    secretKey: set(env.SECRET_KEY) ?? randomBytes(32).toString('base64url'),
    tokenTtlDays: Number(env.TOKEN_TTL_DAYS ?? 30),
    challenge: {
      hmacKey: set(env.ALTCHA_HMAC_KEY) ?? randomBytes(32).toString('base64url'),
      maxNumber: Number(env.ALTCHA_MAX_NUMBER ?? 100_000),
    },
    redisUrl: set(env.REDIS_URL),
    delivery: {
      smtpUrl: set(env.SMTP_URL),
      mailFrom: set(env.MAIL_FROM) ?? 'Attar (demo) <no-reply@localhost>',
      smsGatewayUrl: set(env.SMS_GATEWAY_URL),
      smsGatewayToken: set(env.SMS_GATEWAY_TOKEN),
      smsHourlyLimit: Number(env.SMS_HOURLY_LIMIT ?? 500),
    },
    whatsapp: {
      enabled: whatsappReady || whatsappStandIn,
      standIn: whatsappStandIn,
      token: set(env.WHATSAPP_TOKEN),
      phoneNumberId: set(env.WHATSAPP_PHONE_NUMBER_ID),
      appSecret: set(env.WHATSAPP_APP_SECRET),
      verifyToken: set(env.WHATSAPP_VERIFY_TOKEN),
      graphUrl: (set(env.WHATSAPP_GRAPH_URL) ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
      fallbackMinutes: Number(set(env.WHATSAPP_FALLBACK_MINUTES) ?? 10),
    },
    google: {
      clientId: set(env.GOOGLE_CLIENT_ID),
      jwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
      issuers: (env.GOOGLE_ISSUERS ?? 'https://accounts.google.com,accounts.google.com').split(','),
    },
    facebook: {
      appId: set(env.FACEBOOK_APP_ID),
      appSecret: set(env.FACEBOOK_APP_SECRET),
      graphUrl: (env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com/v19.0').replace(/\/$/, ''),
    },
    cardGateway,
    paymob,
    paymentMethods,
    bosta,
    valuMinPiastres: Number(env.VALU_MIN_ORDER_PIASTRES ?? 100_000),
    storefrontUrl,
    admin: {
      dir: path.resolve(env.ADMIN_DIR ?? path.join(REPO_ROOT, 'apps/admin/dist')),
      url: `${(set(env.PUBLIC_API_URL) ?? publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '')}/admin`,
      alertEmails: (set(env.ORDER_ALERT_EMAILS) ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      totpRequired: mode === 'production' || env.STAFF_TOTP === 'required',
    },
    jobs: env.JOBS !== 'off',
    drainSeconds: Number(set(env.DRAIN_SECONDS) ?? (mode === 'production' ? 5 : 0)),
  };
}
