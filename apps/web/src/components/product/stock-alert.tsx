'use client';
/**
 * "Notify me when it's back" in place of Add to cart, on an out-of-stock product or size (issue 19, item 6): a
 * signed-in shopper asks with one click (told on their account), a guest gives an e-mail or a mobile number. Loaded
 * only where something is out of stock (buy-box.tsx), so product pages in stock never fetch it.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import type { StockAlertRequest } from '@attar/contract';
import { askForStockAlert } from '@/lib/api/alerts';
import { errorMessage } from '@/lib/errors';
import { readMobile } from '@/lib/mobile-number';
import { FIELD_INPUT, FieldFrame } from '../account/form-field';
import { useApp } from '../app/app-provider';
import { BellIcon } from '../header/notification-bell';

/** `variant`: the size chosen when only it is out of stock; null when the whole product is. */
export function StockAlert({ slug, variant }: { slug: string; variant: number | null }) {
  const t = useTranslations('common.alerts');
  const locale = useLocale();
  const { userToken, handleError } = useApp();
  const id = useId();
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
    <form onSubmit={ask} className="flex flex-col gap-3 rounded-2xl border border-line bg-night p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-base font-semibold text-cream">
          {t('notifyTitle')}
        </h2>
        <p className="text-sm text-mist">{t(variant === null ? 'notifyIntro' : 'notifySizeIntro')}</p>
      </div>
      {!userToken && (
        <div className="flex flex-col gap-1.5">
          <FieldFrame id={`${id}-contact`} label={t('contactLabel')} upperCase hint={t('contactHint')} error={error}>
            {({ describedBy, invalid }) => (
              <input
                id={`${id}-contact`}
                name="contact"
                type="text"
                dir="ltr"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                value={contact}
                onChange={(event) => setContact(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={`${FIELD_INPUT} rtl:text-end`}
              />
            )}
          </FieldFrame>
        </div>
      )}
      <button type="submit" disabled={state === 'sending'} className="btn-gold flex-1 py-3 text-base">
        <BellIcon size={20} />
        {t('notifyMe')}
      </button>
    </form>
  );
}
