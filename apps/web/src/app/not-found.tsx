import './globals.css';
import en from '../../messages/en.json';

/**
 * For requests outside the localized routes (paths the proxy does not handle, e.g. with a file extension).
 * Localized unknown paths get [locale]/not-found.tsx inside the shop's layout.
 */
export default function GlobalNotFound() {
  const t = en.common;
  return (
    <html lang="en" dir="ltr">
      <body className="grid min-h-dvh place-items-center font-sans">
        <title>{`${t.meta.notFoundTitle} | ${t.meta.siteName}`}</title>
        <main className="flex flex-col items-center gap-5 px-4 text-center">
          <p className="tabular text-6xl font-light tracking-[0.3em] text-gold">404</p>
          <h1 className="text-2xl font-semibold">{t.notFound.title}</h1>
          <p className="text-mist">{t.notFound.text}</p>
          <a href="/" className="btn-gold">
            {t.notFound.home}
          </a>
        </main>
      </body>
    </html>
  );
}
