import { describe, expect, it, vi } from 'vitest';

const messages = vi.hoisted(() => ({ value: {} as unknown }));
vi.mock('next-intl/server', () => ({ getMessages: async () => messages.value }));

const { loadInfoPage } = await import('./info-pages');

const page = {
  title: 'About Attar',
  description: 'Who we are.',
  keywords: 'attar, perfume, egypt',
  sections: [{ heading: 'Our story', paragraphs: ['First.', 'Second.'] }],
};

describe('loadInfoPage', () => {
  it('reads a page written with plain lists', async () => {
    messages.value = { common: { info: { about: page } } };
    expect(await loadInfoPage('about', 'en')).toEqual(page);
  });

  it('reads lists that the message compiler stored as index-keyed objects, in index order', async () => {
    messages.value = {
      common: {
        info: {
          about: { ...page, sections: { '0': { heading: 'Our story', paragraphs: { '1': 'Second.', '0': 'First.' } } } },
        },
      },
    };
    expect(await loadInfoPage('about', 'en')).toEqual(page);
  });

  it('has nothing for routes that are not information pages, or pages without content', async () => {
    messages.value = { common: { info: { about: page } } };
    expect(await loadInfoPage('careers', 'en')).toBeNull();
    expect(await loadInfoPage('contactUs', 'en')).toBeNull();
  });
});
