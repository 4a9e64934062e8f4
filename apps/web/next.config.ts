import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const apiUrl = (process.env.API_INTERNAL_URL ?? 'http://127.0.0.1:8000').replace(/\/$/, '');

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
];

const nextConfig: NextConfig = {
  // A separate build folder lets two builds (e.g. parallel test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  transpilePackages: ['@attar/contract'],
  poweredByHeader: false,
  experimental: {
    // Merge the small chunks a page loads at once into one (default threshold 50 kB). Each request costs a round trip
    // on a mobile connection: 8 first-load scripts instead of 11, and 1.5 kB less gzipped (docs/decisions/0005, item 16).
    turbopackChunking: { minChunkSize: 200_000 },
  },
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === '1',
  // The API's paths end in '/', which Next would otherwise redirect away; pages get the redirect in proxy.ts.
  skipTrailingSlashRedirect: true,
  async rewrites() {
    return [
      // Same-origin calls from the browser and the API's generated images.
      { source: '/api/:path*/', destination: `${apiUrl}/api/:path*/` },
      { source: '/api/:path*', destination: `${apiUrl}/api/:path*` },
      { source: '/media/:path*', destination: `${apiUrl}/media/:path*` },
      // The back office, which the API serves: on the one public address (decision 0016) `/admin/` and the password
      // links of `npm run staff` lead there, not to the storefront's 404. Kept out of proxy.ts's locale routing.
      { source: '/admin', destination: `${apiUrl}/admin` },
      { source: '/admin/', destination: `${apiUrl}/admin/` },
      { source: '/admin/:path*', destination: `${apiUrl}/admin/:path*` },
    ];
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  // ICU messages are compiled at build time, so the browser gets a small formatter instead of the ICU parser.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
})(nextConfig);
