'use client';
import { useTranslations } from 'next-intl';

/** Shown when a page's data cannot be loaded (the API failed); the header and footer stay usable. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('common.error');
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-mist">{t('text')}</p>
      <button type="button" onClick={reset} className="btn-gold">
        {t('retry')}
      </button>
    </section>
  );
}
