const GTM_ID = process.env.NEXT_PUBLIC_GTM_ID;
const GA_ID = process.env.NEXT_PUBLIC_GA_ID;
const SAFE_ID = /^[A-Z0-9-]+$/i;

/**
 * Google Tag Manager and Google Analytics, initialised with their two ids, only when the ids are set; both
 * load asynchronously. Without ids nothing is loaded, and events still go to `window.dataLayer`.
 * Plain script tags: the layout renders once per document, and no script loader ships to the browser.
 */
/** `nonce`: the page's Content-Security-Policy nonce; what these scripts load is trusted in turn ('strict-dynamic'). */
export function AnalyticsScripts({ nonce }: { nonce: string | undefined }) {
  const gtm = GTM_ID && SAFE_ID.test(GTM_ID) ? GTM_ID : null;
  const ga = GA_ID && SAFE_ID.test(GA_ID) ? GA_ID : null;
  if (!gtm && !ga) return null;
  const setup = [
    'window.dataLayer=window.dataLayer||[];',
    gtm ? `window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` : '',
    ga ? `function gtag(){window.dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${ga}');` : '',
  ].join('');
  return (
    <>
      <script id="analytics-setup" nonce={nonce} dangerouslySetInnerHTML={{ __html: setup }} />
      {gtm && <script async nonce={nonce} src={`https://www.googletagmanager.com/gtm.js?id=${gtm}`} />}
      {ga && <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${ga}`} />}
    </>
  );
}
