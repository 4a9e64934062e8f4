/**
 * The e-mail the test servers send: the API's SMTP_URL points at a test mail server (apps/api/src/test/smtp-sink.ts,
 * started by playwright.config.ts), which the tests read over HTTP.
 */
import { request } from '@playwright/test';
import { expect } from './fixtures';
import { MAIL_SINK_URL } from './mail-ports';

export type ReceivedEmail = {
  id: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Names lower-case. */
  headers: Record<string, string>;
};

/** The e-mails the test mail server received for `recipient`, newest first. */
export async function mailTo(recipient: string): Promise<ReceivedEmail[]> {
  const api = await request.newContext();
  try {
    const response = await api.get(`${MAIL_SINK_URL}/messages?${new URLSearchParams({ to: recipient })}`);
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as ReceivedEmail[];
  } finally {
    await api.dispose();
  }
}

/** Waits for the newest e-mail to `recipient` whose subject is `subject`, and returns it. */
export async function emailTo(recipient: string, subject: string): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(recipient)).find((mail) => mail.subject === subject);
      return found?.subject;
    })
    .toBe(subject);
  return found!;
}

/** The address of the link in an e-mail's HTML part that leads to `pathname` (HTML entities undone). */
export function linkIn(mail: ReceivedEmail, pathname: string): string {
  const href = [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&'))
    .find((url) => new URL(url).pathname.endsWith(pathname));
  expect(href, `a link to ${pathname} in "${mail.subject}"`).toBeDefined();
  return href!;
}
