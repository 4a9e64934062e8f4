/**
 * An information page's markup (the contract's info-markup blocks) as elements, on the server: no HTML is ever
 * injected, so whatever staff type shows as text; links are the ones the parser allowed (http(s), mailto, tel, a path
 * on the shop). A link reads in its own script's direction (a phone or an e-mail left to right on an Arabic page);
 * a WhatsApp link says so to screen readers.
 */
import { Fragment, type ReactNode } from 'react';
import { inlineText, isExternalHref, type MarkupBlock, type MarkupInline } from '@attar/contract';

const ARABIC = /[\u0600-\u06FF]/;
const WHATSAPP = /^https:\/\/wa\.me\//i;

export type MarkupLinks = {
  /** A path on the shop in the page's language: `/about` → `/ar/about`. */
  localHref(href: string): string;
  /** A WhatsApp link's accessible name, from the number it shows. */
  whatsappLabel(phone: string): string;
};

function Inline({ content, links }: { content: MarkupInline[]; links: MarkupLinks }): ReactNode {
  return content.map((node, index) => {
    if (node.kind === 'text') return <Fragment key={index}>{node.text}</Fragment>;
    const inner = <Inline content={node.content} links={links} />;
    if (node.kind === 'bold')
      return (
        <strong key={index} className="font-semibold text-cream">
          {inner}
        </strong>
      );
    const label = inlineText(node.content);
    const external = isExternalHref(node.href);
    return (
      <a
        key={index}
        href={node.href.startsWith('/') ? links.localHref(node.href) : node.href}
        dir={ARABIC.test(label) ? 'rtl' : 'ltr'}
        className="text-link"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...(WHATSAPP.test(node.href) ? { 'aria-label': links.whatsappLabel(label) } : {})}
      >
        {inner}
      </a>
    );
  });
}

const PARAGRAPH = 'mb-3 leading-relaxed text-cream/90';

export function InfoMarkup({
  blocks,
  links,
  paragraphClass = PARAGRAPH,
}: {
  blocks: MarkupBlock[];
  links: MarkupLinks;
  paragraphClass?: string;
}) {
  return blocks.map((block, index) => {
    if (block.kind === 'heading') {
      const Heading = block.level === 2 ? 'h2' : 'h3';
      const style = block.level === 2 ? 'mt-8 mb-3 text-xl font-semibold text-gold' : 'mt-6 mb-2 text-lg font-semibold text-cream';
      return (
        <Heading key={index} dir="auto" className={style}>
          <Inline content={block.content} links={links} />
        </Heading>
      );
    }
    if (block.kind === 'paragraph') {
      return (
        <p key={index} dir="auto" className={paragraphClass}>
          <Inline content={block.content} links={links} />
        </p>
      );
    }
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List key={index} className={`mb-4 space-y-1 ps-6 leading-relaxed text-cream/90 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
        {block.items.map((item, line) => (
          <li key={line}>
            <Inline content={item} links={links} />
          </li>
        ))}
      </List>
    );
  });
}
