import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseInfoMarkup } from '@attar/contract';
import { InfoMarkup } from './info-markup';

const links = { localHref: (href: string) => `/ar${href}`, whatsappLabel: (phone: string) => `WhatsApp ${phone}` };
const render = (markup: string) => renderToStaticMarkup(createElement(InfoMarkup, { blocks: parseInfoMarkup(markup), links }));

describe('an information page’s markup on the storefront', () => {
  it('renders headings, paragraphs, lists, bold and links as elements', () => {
    const html = render('## Refunds\n\nPaid **by card**: see [the policy](/returns-policy).\n\n### Steps\n\n1. Call\n2. Send\n\n- one');
    expect(html).toBe(
      '<h2 dir="auto" class="mt-8 mb-3 text-xl font-semibold text-gold">Refunds</h2>' +
        '<p dir="auto" class="mb-3 leading-relaxed text-cream/90">Paid <strong class="font-semibold text-cream">by card</strong>: see ' +
        '<a href="/ar/returns-policy" dir="ltr" class="text-link">the policy</a>.</p>' +
        '<h3 dir="auto" class="mt-6 mb-2 text-lg font-semibold text-cream">Steps</h3>' +
        '<ol class="mb-4 space-y-1 ps-6 leading-relaxed text-cream/90 list-decimal"><li>Call</li><li>Send</li></ol>' +
        '<ul class="mb-4 space-y-1 ps-6 leading-relaxed text-cream/90 list-disc"><li>one</li></ul>',
    );
  });

  it('opens web links in a new tab, names WhatsApp links, and reads each link in its own script’s direction', () => {
    const html = render('[+20 100 123 4567](https://wa.me/201001234567) [اتصل بنا](tel:+201001234567)');
    expect(html).toContain(
      '<a href="https://wa.me/201001234567" dir="ltr" class="text-link" target="_blank" rel="noopener noreferrer" aria-label="WhatsApp +20 100 123 4567">+20 100 123 4567</a>',
    );
    expect(html).toContain('<a href="tel:+201001234567" dir="rtl" class="text-link">اتصل بنا</a>');
  });

  it('shows hostile input as text: no script, no raw HTML, no javascript: link', () => {
    const html = render(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '[click](javascript:alert(1))',
        '[x](data:text/html,<script>alert(1)</script>)',
        '## <b onclick="alert(1)">heading</b>',
        '- <iframe src="https://evil.example"></iframe>',
        '[ok](https://example.com/"onmouseover="alert(1))',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).not.toContain('onmouseover="');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('[click](javascript:alert(1))');
    expect(html).toContain('&lt;b onclick=&quot;alert(1)&quot;&gt;heading&lt;/b&gt;');
    expect(html).toContain('href="https://example.com/&quot;onmouseover=&quot;alert(1"');
  });
});
