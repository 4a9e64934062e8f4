'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useApp } from '../app/app-provider';

/** Spec §5: an empty e-mail does nothing; no format check beyond the e-mail input type. */
export function NewsletterForm() {
  const t = useTranslations('common.footer');
  const locale = useLocale();
  const { showToast, handleError, setLoading } = useApp();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    setLoading(true);
    try {
      // The call's code loads with the first subscription, not with every page.
      const { subscribeToNewsletter } = await import('@/lib/api/browser');
      await subscribeToNewsletter({ email: value }, locale);
      showToast('success', t('subscribed'));
      setEmail('');
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
      setLoading(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate={false} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        {t('emailLabel')}
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder={t('emailPlaceholder')}
        className="h-11 min-w-0 flex-1 rounded-full border border-line bg-ink px-4 text-sm text-cream placeholder:text-mist/80 focus:border-gold focus:outline-none"
      />
      <button type="submit" disabled={sending} className="btn-gold h-11">
        {t('subscribe')}
      </button>
    </form>
  );
}
