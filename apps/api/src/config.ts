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
  };
}
