import { getMessages } from 'next-intl/server';
import { z } from 'zod';
import type { Locale } from '@attar/contract';

/** The information pages of spec §2, whose long content lives in messages/pages/{locale}.json under `info`. */
export const INFO_PAGES = ['about', 'privacy-policy', 'terms-conditions', 'returns-policy', 'contactUs'] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];

/**
 * next-intl's build-time message compilation stores lists as objects keyed "0", "1", …; read either form as a list.
 */
function asList(value: unknown): unknown {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (!entries.every(([key]) => /^\d+$/.test(key))) return value;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
}
const list = <T extends z.ZodType>(item: T) => z.preprocess(asList, z.array(item));

const InfoPageContent = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  sections: list(z.object({ heading: z.string(), paragraphs: list(z.string()) })),
});
export type InfoPageContent = z.infer<typeof InfoPageContent>;

export function isInfoPage(name: string): name is InfoPageName {
  return (INFO_PAGES as readonly string[]).includes(name);
}

/** The page's content in the request's language, or null when the route is not an information page or has none. */
export async function loadInfoPage(name: string, locale: Locale): Promise<InfoPageContent | null> {
  if (!isInfoPage(name)) return null;
  const messages = (await getMessages({ locale })) as { common?: { info?: Record<string, unknown> } };
  const parsed = InfoPageContent.safeParse(messages.common?.info?.[name]);
  return parsed.success ? parsed.data : null;
}
