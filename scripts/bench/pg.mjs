// The API's own PostgreSQL driver, so the benchmark, the baseline and the API use the very same `pg`.
import { createRequire } from 'node:module';
import { ROOT } from '../lib.mjs';

export const pg = createRequire(`${ROOT}apps/api/package.json`)('pg');
