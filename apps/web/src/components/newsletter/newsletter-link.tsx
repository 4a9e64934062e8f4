'use client';
/**
 * The pages the newsletter's e-mails link to. Confirming happens as the page opens (the link was asked for by the
 * person who signed up); unsubscribing waits for the button, so a mail scanner that opens every link changes nothing.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { errorMessage } from '@/lib/errors';
import { confirmNewsletter, unsubscribeFromNewsletter } from '@/lib/api/newsletter';

type Outcome = { state: 'idle' } | { state: 'working' } | { state: 'done' | 'failed'; message: string };

export function NewsletterLink({ action, token }: { action: 'confirm' | 'unsubscribe'; token: string | null }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: action === 'confirm' ? 'working' : 'idle' } : { state: 'idle' });
  const started = useRef(false);

  async function follow(linkToken: string) {
    setOutcome({ state: 'working' });
    try {
      const call = action === 'confirm' ? confirmNewsletter : unsubscribeFromNewsletter;
      setOutcome({ state: 'done', message: (await call(linkToken, locale)).detail });
    } catch (error) {
      setOutcome({ state: 'failed', message: errorMessage(error) });
    }
  }

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (action !== 'confirm' || !token || started.current) return;
    started.current = true;
    void follow(token);
  });

  if (!token) {
    return (
      <p role="alert" className="text-danger">
        {t('newsletter.missingToken')}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-5">
      {action === 'unsubscribe' && outcome.state !== 'done' && <p className="text-mist">{t('newsletter.unsubscribe.intro')}</p>}
      {outcome.state === 'working' && (
        <p role="status" className="text-mist">
          {t(action === 'confirm' ? 'newsletter.confirm.working' : 'newsletter.unsubscribe.working')}
        </p>
      )}
      {(outcome.state === 'done' || outcome.state === 'failed') && (
        <p role={outcome.state === 'failed' ? 'alert' : 'status'} className={outcome.state === 'failed' ? 'text-danger' : 'text-cream'}>
          {outcome.message}
        </p>
      )}
      {action === 'unsubscribe' && outcome.state !== 'done' && (
        <button type="button" className="btn-gold" disabled={outcome.state === 'working'} onClick={() => void follow(token)}>
          {t('newsletter.unsubscribe.button')}
        </button>
      )}
      {(outcome.state === 'done' || outcome.state === 'failed') && (
        <Link href="/fragrances" className="btn-outline">
          {t('newsletter.continueShopping')}
        </Link>
      )}
    </div>
  );
}
