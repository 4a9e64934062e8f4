import { describe, expect, it } from 'vitest';
import { settingsProblems } from './settings';

describe('the storefront server’s settings', () => {
  it('refuses production without one public address, and names what is missing', () => {
    expect(settingsProblems({ NODE_ENV: 'production' })).toEqual(["PUBLIC_URL: missing (the shop's public https:// address)"]);
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'attar.example' })).toEqual([
      'PUBLIC_URL: not an http(s) address (attar.example)',
    ]);
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'ftp://attar.example' })).toHaveLength(1);
  });

  it('starts production with it, and demo without it', () => {
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'https://attar.example' })).toEqual([]);
    expect(settingsProblems({})).toEqual([]);
  });
});
