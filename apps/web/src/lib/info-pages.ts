import { INFO_PAGE_SLUGS, inlineText, parseInfoMarkup, type InfoPageSlug, type Locale, type MarkupBlock } from '@attar/contract';
import { getInfoPage } from './api/content';
import { metaDescription } from './seo';

/** The information pages; their content lives in the API (edited in the back office, decision 0021). */
export const INFO_PAGES = INFO_PAGE_SLUGS;
export type InfoPageName = InfoPageSlug;

/** A page ready to render: its first paragraph (before any heading) is the lead, shown larger and used as description. */
export type InfoPageContent = {
  title: string;
  description: string;
  lead: MarkupBlock | null;
  blocks: MarkupBlock[];
};

export function isInfoPage(name: string): name is InfoPageName {
  return (INFO_PAGES as readonly string[]).includes(name);
}

/** The page's markup as blocks, its lead apart. */
export function infoPageContent(title: string, body: string): InfoPageContent {
  const blocks = parseInfoMarkup(body);
  const [first] = blocks;
  const lead = first?.kind === 'paragraph' ? first : null;
  return {
    title,
    description: lead?.kind === 'paragraph' ? metaDescription(inlineText(lead.content)) : title,
    lead,
    blocks: lead ? blocks.slice(1) : blocks,
  };
}

/** The page in the request's language, or null when the route is not an information page or the API has none. */
export async function loadInfoPage(name: string, locale: Locale): Promise<InfoPageContent | null> {
  if (!isInfoPage(name)) return null;
  const page = await getInfoPage(name, locale);
  return page && infoPageContent(page.title, page.body);
}
