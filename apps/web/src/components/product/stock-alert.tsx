'use client';
/**
 * "Notify me when it's back" in place of Add to cart, on an out-of-stock product or size: a
 * signed-in shopper asks with one click (told on their account), a guest gives an e-mail or a mobile number. Loaded
 * only where something is out of stock (buy-box.tsx), so product pages in stock never fetch it; its form is
 * stock-alert-fields.tsx, which the server also draws while the code is on its way.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { StockAlertRequest } from '@attar/contract';
import { askForStockAlert } from '@/lib/api/alerts';
import { errorMessage } from '@/lib/errors';
import { readMobile } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { StockAlertFields } from './stock-alert-fields';

/** `variant`: the size chosen when only it is out of stock; null when the whole product is. */
export function StockAlert({ slug, variant }: { slug: string; variant: number | null }) {
  const t = useTranslations('common.alerts');
  const locale = useLocale();
  const { userToken, handleError } = useApp();
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  async function ask(event: FormEvent) {
    event.preventDefault();
    const body: StockAlertRequest = variant === null ? {} : { variant };
    if (!userToken) {
      const typed = contact.trim();
      // One field for either: an address has an @, anything else is read as a mobile number (in either digit script).
      const phone = readMobile(typed);
      if (typed.includes('@')) body.email = typed;
      else if (phone) body.phone = phone;
      else {
        setError(t('contactInvalid'));
        return;
      }
    }
    setState('sending');
    setError(undefined);
    try {
      await askForStockAlert(slug, body, locale);
      setState('done');
    } catch (failure) {
      setState('idle');
      if (userToken) handleError(failure);
      else setError(errorMessage(failure));
    }
  }

  if (state === 'done') {
    return (
      <p role="status" className="rounded-xl border border-gold/40 bg-gold/10 px-4 py-3 text-sm text-cream">
        {t('notifyDone')}
      </p>
    );
  }
  return (
    <StockAlertFields
      t={t}
      wholeProduct={variant === null}
      live={{
        askContact: !userToken,
        contact,
        onContactChange: setContact,
        error,
        onSubmit: ask,
        sending: state === 'sending',
      }}
    />
  );
}
