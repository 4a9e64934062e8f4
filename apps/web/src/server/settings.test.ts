import { describe, expect, it } from 'vitest';
import { settingsProblems } from './settings';

describe('the storefront server’s settings', () => {
  it('refuses production without one public address, and names what is missing', () => {
    expect(settingsProblems({ NODE_ENV: 'production' })).toEqual(["PUBLIC_URL: missing (the shop's public https:// address)"]);
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'attar.example' })).toEqual([
      'PUBLIC_URL: not an http(s) address (attar.example)',
    ]);
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'ftp://attar.example' })).toHaveLength(1);
    // Plain http would mean no HSTS and Secure cookies on an open line.
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'http://attar.example' })).toEqual([
      'PUBLIC_URL: production needs https:// (http://attar.example)',
    ]);
  });

  it('starts production with it, and demo without it', () => {
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'https://attar.example' })).toEqual([]);
    expect(settingsProblems({})).toEqual([]);
    expect(settingsProblems({ PUBLIC_URL: 'http://attar.example' })).toEqual([]);
    // This machine's own name (the benches): nobody else can listen on it.
    expect(settingsProblems({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
  });
});
