/**
 * A real SMTP server for tests (the `smtp-server` package) that keeps every message it receives, parsed by `mailparser`:
 * the API sends to it over SMTP_URL exactly as it would to the shop's mail server, and tests read what arrived.
 * The browser tests' mail sink (smtp-sink.ts) is the same server behind a small HTTP endpoint.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export type ReceivedEmail = {
  id: number;
  /** Envelope recipients, lower-case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-case (multi-valued ones joined with ", "). */
  headers: Record<string, string>;
};

export type SmtpTestServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** The messages to `recipient`, oldest first. */
  to(recipient: string): ReceivedEmail[];
  /** Waits until `count` messages to `recipient` have arrived (or fails after `timeoutMs`), and returns them. */
  waitFor(recipient: string, count?: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
};

const headerText = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(headerText).join(', ');
  if (value && typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text);
  if (value && typeof value === 'object' && 'value' in value) return headerText((value as { value: unknown }).value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** Recipients at this domain are refused (550), as a full or closed mailbox would be. */
export const REFUSING_DOMAIN = 'refused.test';

/** Starts the server on `port` (0: any free port) on the loopback address. */
export async function startSmtpServer(port = 0): Promise<SmtpTestServer> {
  const received: ReceivedEmail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    // Plain SMTP on the loopback address, no sign-in: a test mail server, never reachable from elsewhere.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A mailbox that refuses mail (full, closed): tests send to this domain to see a delivery fail.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${REFUSING_DOMAIN}`)) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const headers: Record<string, string> = {};
          for (const [name, value] of mail.headers) headers[name.toLowerCase()] = headerText(value);
          // mailparser folds List-* headers into one object: their raw lines say what was sent.
          for (const line of mail.headerLines) headers[line.key.toLowerCase()] = line.line.slice(line.line.indexOf(':') + 1).trim();
          received.push({
            id: nextId++,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  const to = (recipient: string) => received.filter((mail) => mail.to.includes(recipient.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    to,
    async waitFor(recipient, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(recipient).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${to(recipient).length} of ${count} e-mails to ${recipient} arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(recipient);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A server for this test file, started before the app (register it before `useTestApp`, and pass
 * `() => ({ SMTP_URL: smtp.url })`), stopped after it.
 */
export function useSmtpServer(): SmtpTestServer {
  const handle = {} as SmtpTestServer;
  beforeAll(async () => {
    Object.assign(handle, await startSmtpServer());
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
