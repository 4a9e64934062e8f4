import { describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ page: null as { title: string; body: string } | null, asked: [] as string[] }));
vi.mock('./api/content', () => ({
  getInfoPage: async (slug: string, locale: string) => {
    api.asked.push(`${locale}/${slug}`);
    return api.page && { slug, updated_at: '2026-01-01T00:00:00Z', ...api.page };
  },
}));

const { infoPageContent, loadInfoPage } = await import('./info-pages');

describe('information pages', () => {
  it('take the first paragraph as the lead and the description', () => {
    const content = infoPageContent('About', 'Who **we** are.\n\n## Our story\n\nFirst.');
    expect(content.title).toBe('About');
    expect(content.description).toBe('Who we are.');
    expect(content.lead).toEqual({
      kind: 'paragraph',
      content: [
        { kind: 'text', text: 'Who ' },
        { kind: 'bold', content: [{ kind: 'text', text: 'we' }] },
        { kind: 'text', text: ' are.' },
      ],
    });
    expect(content.blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph']);
  });

  it('without a lead, are described by their title, and a long lead is cut to 160 characters', () => {
    expect(infoPageContent('Terms', '## First\n\nText.')).toMatchObject({ lead: null, description: 'Terms' });
    expect([...infoPageContent('Terms', 'x'.repeat(400)).description]).toHaveLength(160);
  });

  it('are asked of the API in the page’s language; other routes and missing pages have none', async () => {
    api.page = { title: 'من نحن', body: 'نص.' };
    expect((await loadInfoPage('about', 'ar'))?.title).toBe('من نحن');
    expect(await loadInfoPage('careers', 'en')).toBeNull();
    api.page = null;
    expect(await loadInfoPage('contactUs', 'en')).toBeNull();
    expect(api.asked).toEqual(['ar/about', 'en/contactUs']);
  });
});
