import type { Config } from './config';
import type { Database } from './db/client';

/** What every domain's routes receive: the settings and the database. */
export type AppContext = { config: Config; database: Database };
