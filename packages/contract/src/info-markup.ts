/**
 * The information pages' markup: a small Markdown subset the back office writes and the storefront renders without
 * HTML. Blocks: `## heading` (`#` too) and `### subheading`, paragraphs (lines joined, a blank line between them),
 * lists (`- item` or `* item`; `1. item` numbered). Inline: `**bold**` and `[text](address)`. Nothing else means
 * anything: angle brackets, entities and any other syntax stay the text they are. A link goes only to http(s), mailto,
 * tel or a path on this site; any other `[text](address)` stays text, so a `javascript:` address never becomes a link.
 * `\` before a markup character keeps it as text.
 */

export type MarkupInline =
  { kind: 'text'; text: string } | { kind: 'bold'; content: MarkupInline[] } | { kind: 'link'; href: string; content: MarkupInline[] };

export type MarkupBlock =
  | { kind: 'heading'; level: 2 | 3; content: MarkupInline[] }
  | { kind: 'paragraph'; content: MarkupInline[] }
  | { kind: 'list'; ordered: boolean; items: MarkupInline[][] };

const WEB = /^https?:\/\/[^\s/?#\\]+[^\s\\]*$/i;
const MAIL = /^mailto:[^\s@\\]+@[^\s@\\]+$/i;
const PHONE = /^tel:\+?[0-9][0-9().-]*$/i;
/** A path on this site: one slash (never two, which would name another host) or a fragment. */
const LOCAL = /^(?:\/(?![/\\])|#)[^\s\\]*$/;

/** The address as a link may use it, or null when it may not (another scheme, a host-relative `//`, spaces). */
export function safeHref(href: string): string | null {
  const candidate = href.trim();
  if ([...candidate].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  if (WEB.test(candidate)) {
    try {
      const url = new URL(candidate);
      return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : null;
    } catch {
      return null;
    }
  }
  return MAIL.test(candidate) || PHONE.test(candidate) || LOCAL.test(candidate) ? candidate : null;
}

/** A link that leaves the shop (opened in a new tab by the storefront). */
export const isExternalHref = (href: string) => /^https?:/i.test(href);

const ESCAPABLE = new Set(['\\', '*', '[', ']', '(', ')', '#', '-', '`']);

type InlineOptions = { links: boolean; bold: boolean };

/** Where `[text](address)` starting at `start` ends, with its parts; null when it is not one. */
function linkAt(source: string, start: number): { text: string; href: string; end: number } | null {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) {
      if (source[i + 1] !== '(') return null;
      const close = source.indexOf(')', i + 2);
      if (close < 0) return null;
      return { text: source.slice(start + 1, i), href: source.slice(i + 2, close), end: close + 1 };
    }
  }
  return null;
}

/** Where the `**` closing bold that starts at `start` is; -1 when there is none (or the bold would be empty). */
function boldEnd(source: string, start: number): number {
  for (let i = start + 2; i < source.length - 1; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '*' && source[i + 1] === '*') return i > start + 2 ? i : -1;
  }
  return -1;
}

function parseInline(source: string, options: InlineOptions): MarkupInline[] {
  const nodes: MarkupInline[] = [];
  let text = '';
  const flush = () => {
    if (text) nodes.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length && ESCAPABLE.has(source[i + 1]!)) {
      text += source[++i];
      continue;
    }
    if (options.links && ch === '[') {
      const link = linkAt(source, i);
      const href = link && safeHref(link.href);
      if (link && href && link.text.trim()) {
        flush();
        nodes.push({ kind: 'link', href, content: parseInline(link.text, { ...options, links: false }) });
        i = link.end - 1;
        continue;
      }
    }
    if (options.bold && ch === '*' && source[i + 1] === '*') {
      const end = boldEnd(source, i);
      if (end > 0) {
        flush();
        nodes.push({ kind: 'bold', content: parseInline(source.slice(i + 2, end), { ...options, bold: false }) });
        i = end + 1;
        continue;
      }
    }
    text += ch;
  }
  flush();
  return nodes;
}

const inline = (source: string) => parseInline(source.trim(), { links: true, bold: true });

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

/** The markup as blocks, ready to render. Any text parses: what is not markup is text. */
export function parseInfoMarkup(source: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  const open: { paragraph: string[]; list: { ordered: boolean; items: string[] } | null } = { paragraph: [], list: null };
  const endBlock = () => {
    if (open.paragraph.length) blocks.push({ kind: 'paragraph', content: inline(open.paragraph.join(' ')) });
    if (open.list) blocks.push({ kind: 'list', ordered: open.list.ordered, items: open.list.items.map(inline) });
    open.paragraph = [];
    open.list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const item = bullet ?? NUMBERED.exec(line);
    if (!line) endBlock();
    else if (heading && heading[2]!.trim()) {
      endBlock();
      blocks.push({ kind: 'heading', level: heading[1]!.length === 3 ? 3 : 2, content: inline(heading[2]!) });
    } else if (item) {
      const ordered = !bullet;
      if (!open.list || open.list.ordered !== ordered) endBlock();
      open.list ??= { ordered, items: [] };
      open.list.items.push(item[1]!);
    } else if (open.list && /^\s/.test(raw)) {
      // An indented line goes on with the item above it.
      open.list.items[open.list.items.length - 1] += ` ${line}`;
    } else {
      if (open.list) endBlock();
      open.paragraph.push(line);
    }
  }
  endBlock();
  return blocks;
}

/** The text of some inline content, markup removed (a meta description, a link's name). */
export const inlineText = (content: MarkupInline[]): string =>
  content.map((node) => (node.kind === 'text' ? node.text : inlineText(node.content))).join('');

/**
 * Every `[text](address)` whose address a link may not use (they would show as text): the back office and the API
 * name them so whoever wrote them can fix them.
 */
export function refusedLinks(source: string): string[] {
  const refused: string[] = [];
  for (let i = source.indexOf('['); i >= 0; i = source.indexOf('[', i + 1)) {
    if (source[i - 1] === '\\') continue;
    const link = linkAt(source, i);
    if (link && !link.href.includes('\n') && safeHref(link.href) === null) refused.push(link.href);
  }
  return refused;
}
