/**
 * Where the browser tests' mail server listens (playwright.config.ts starts it, mail.ts reads it): next to the run's
 * API port, so parallel runs on other ports (E2E_API_PORT) have their own. E2E_SMTP_PORT sets it outright.
 */
import { API_URL } from './urls';

export const MAIL_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(new URL(API_URL).port) + 50);
/** Its HTTP endpoint: GET /messages?to=<address>, GET /health. */
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SMTP_PORT + 1}`;
