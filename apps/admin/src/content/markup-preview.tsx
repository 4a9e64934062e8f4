/**
 * An information page's body as the storefront will show it, in the page's language and direction: the contract's
 * parser turns the markup into blocks and these become elements (React escapes every text), so a preview can never run
 * what was typed. Links are shown, not followed.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseInfoMarkup, type Locale, type MarkupBlock, type MarkupInline } from '@attar/contract';
import { direction } from '../lib/i18n';

function inline(content: MarkupInline[]): ReactNode {
  return content.map((node, index) => (
    <Fragment key={index}>
      {node.kind === 'text' && node.text}
      {node.kind === 'bold' && <strong className="text-cream">{inline(node.content)}</strong>}
      {node.kind === 'link' && (
        <span className="text-gold underline" title={node.href}>
          {inline(node.content)}
        </span>
      )}
    </Fragment>
  ));
}

const BLOCK: Record<MarkupBlock['kind'], string> = {
  heading: 'mt-4 font-semibold text-gold',
  paragraph: 'mb-2 leading-relaxed',
  list: 'mb-2 ps-5',
};

function Block({ block, lead }: { block: MarkupBlock; lead: boolean }) {
  if (block.kind === 'list') {
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List className={`${BLOCK.list} ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
        {block.items.map((item, index) => (
          <li key={index}>{inline(item)}</li>
        ))}
      </List>
    );
  }
  if (block.kind === 'heading') {
    const Heading = block.level === 2 ? 'h3' : 'h4';
    return <Heading className={`${BLOCK.heading} ${block.level === 2 ? 'text-lg' : 'text-base'}`}>{inline(block.content)}</Heading>;
  }
  return <p className={lead ? `${BLOCK.paragraph} text-base text-mist` : BLOCK.paragraph}>{inline(block.content)}</p>;
}

export function MarkupPreview({ source, language, title }: { source: string; language: Locale; title: string }) {
  const blocks = useMemo(() => parseInfoMarkup(source), [source]);
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <p className="text-sm text-mist">{title}</p>
      <div
        lang={language}
        dir={direction(language)}
        className="max-h-[36rem] overflow-y-auto rounded-md border border-line bg-ink p-4 text-sm text-cream/90"
        data-testid={`preview-${language}`}
      >
        {blocks.map((block, index) => (
          <Block key={index} block={block} lead={index === 0 && block.kind === 'paragraph'} />
        ))}
      </div>
    </section>
  );
}
