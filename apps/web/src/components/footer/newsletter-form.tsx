'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useApp } from '../app/app-provider';
import { NewsletterFields } from './newsletter-fields';

/**
 * An empty e-mail does nothing; no format check beyond the e-mail input type. Loaded once the page is up
 * and the browser idle, or when the shopper reaches for the form (newsletter-signup.tsx).
 */
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
      // The shop's usual words, then the truth of double opt-in: nothing arrives until the e-mail's link is followed.
      showToast('success', `${t('subscribed')} ${t('confirmationSent')}`);
      setEmail('');
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
      setLoading(false);
    }
  }

  return (
    <NewsletterFields
      texts={{ emailLabel: t('emailLabel'), emailPlaceholder: t('emailPlaceholder'), subscribe: t('subscribe') }}
      live={{ email, onEmailChange: setEmail, onSubmit: submit, sending }}
    />
  );
}
