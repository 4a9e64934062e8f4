import { describe, expect, it } from 'vitest';
import { inlineText, parseInfoMarkup, refusedLinks, safeHref } from './info-markup';
import { contentFieldProblems, StaffSiteConfigSave, StaffSliderInput } from './staff-content';

const text = (value: string) => ({ kind: 'text', text: value });

describe('the information pages’ markup', () => {
  it('reads headings, paragraphs (lines joined), bullet and numbered lists', () => {
    const blocks = parseInfoMarkup(
      'Lead line one\nline two\n\n## Our story\n\nFirst.\n\n### Detail\n- one\n- two\n  goes on\n1. first\n2) second\n',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', content: [text('Lead line one line two')] },
      { kind: 'heading', level: 2, content: [text('Our story')] },
      { kind: 'paragraph', content: [text('First.')] },
      { kind: 'heading', level: 3, content: [text('Detail')] },
      { kind: 'list', ordered: false, items: [[text('one')], [text('two goes on')]] },
      { kind: 'list', ordered: true, items: [[text('first')], [text('second')]] },
    ]);
  });

  it('reads bold and links, a link’s text may be bold', () => {
    const [paragraph] = parseInfoMarkup('Call **now** on [**+20 100**](tel:+20100) or see [returns](/returns-policy).');
    expect(paragraph).toEqual({
      kind: 'paragraph',
      content: [
        text('Call '),
        { kind: 'bold', content: [text('now')] },
        text(' on '),
        { kind: 'link', href: 'tel:+20100', content: [{ kind: 'bold', content: [text('+20 100')] }] },
        text(' or see '),
        { kind: 'link', href: '/returns-policy', content: [text('returns')] },
        text('.'),
      ],
    });
  });

  it('keeps hostile input as text: script tags, raw HTML, javascript: and data: links', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click]( javascript:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](//evil.example/path)',
      '[x](/\\evil.example)',
      '[x](vbscript:msgbox)',
      '&lt;b&gt; &#106;avascript',
    ];
    for (const source of hostile) {
      const blocks = parseInfoMarkup(source);
      expect(blocks, source).toEqual([{ kind: 'paragraph', content: [text(source.trim())] }]);
    }
    expect(refusedLinks(hostile.join('\n'))).toEqual([
      'javascript:alert(1',
      'JaVaScRiPt:alert(1',
      ' javascript:alert(1',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.example/path',
      '/\\evil.example',
      'vbscript:msgbox',
    ]);
  });

  it('lets links go only to http(s), mailto, tel or a path on this site', () => {
    for (const allowed of [
      'https://wa.me/201001234567',
      'http://example.com/a?b=c#d',
      'mailto:care@attar.example',
      'tel:+201001234567',
      '/about',
      '#refunds',
    ])
      expect(safeHref(allowed), allowed).toBe(allowed);
    for (const refused of [
      'javascript:alert(1)',
      'ftp://example.com',
      'https://',
      'about',
      '//x.example',
      'mailto:nobody',
      'tel:call-me',
      'https://a b',
    ])
      expect(safeHref(refused), refused).toBeNull();
  });

  it('keeps escaped markup characters and unfinished markup as text', () => {
    expect(parseInfoMarkup('\\- not a list\n\n\\## not a heading\n\n**open bold and [open link')).toEqual([
      { kind: 'paragraph', content: [text('- not a list')] },
      { kind: 'paragraph', content: [text('## not a heading')] },
      { kind: 'paragraph', content: [text('**open bold and [open link')] },
    ]);
  });

  it('gives a link’s or heading’s plain text', () => {
    const [heading] = parseInfoMarkup('## **Bold** and [a link](/x)');
    expect(heading?.kind === 'heading' && inlineText(heading.content)).toBe('Bold and a link');
  });
});

describe('content field problems', () => {
  it('names each refused field’s problem', () => {
    const settings = StaffSiteConfigSave.safeParse({
      free_shipping_after: -1,
      phone: '0100',
      email: 'x',
      store_name_en: '',
      store_name_ar: 'ع'.repeat(81),
    });
    expect(settings.success).toBe(false);
    expect(contentFieldProblems(settings.error!)).toMatchObject({
      free_shipping_after: { problem: 'amount' },
      phone: { problem: 'phone' },
      email: { problem: 'email' },
      store_name_en: { problem: 'required' },
      store_name_ar: { problem: 'too_long', max: 80 },
      facebook_url: { problem: 'web_address' },
    });
    const slide = StaffSliderInput.safeParse({
      title_en: 'A',
      title_ar: 'ب',
      subtitle_en: '',
      subtitle_ar: '',
      image_desktop: '../etc/passwd',
      image_mobile: 'sliders/a.webp',
      alt_en: '',
      alt_ar: '',
      link: 'javascript:alert(1)',
      is_active: true,
      starts_at: '2026-01-02T00:00:00+02:00',
      ends_at: '2026-01-01T00:00:00+02:00',
    });
    expect(contentFieldProblems(slide.error!)).toEqual({
      image_desktop: { problem: 'image' },
      link: { problem: 'link' },
      ends_at: { problem: 'window' },
    });
  });
});
