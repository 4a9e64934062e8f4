'use client';
/**
 * On a guest's order-result page: the order's tracking link, and the offer to keep the order in an account made from
 * its details. The phone was proved at checkout, so only a password is asked (and an e-mail address, once the API says
 * the order has none); the proof that this browser placed the order came with the order's answer. Success signs the
 * shopper in, and the page then shows the order from the account. An account that already has the phone or e-mail
 * is offered the sign-in page instead.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Order } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { claimGuestOrder } from '@/lib/api/orders';
import { errorMessage } from '@/lib/errors';
import { FIELD_KINDS, FormField, SubmitButton } from '../account/form-field';
import { useFieldTexts } from '../account/form-rules';
import { placeFieldErrors, useAccountForm } from '../account/use-account-form';
import { useSignIn } from '../account/use-sign-in';
import { useApp } from '../app/app-provider';

type GuestAccess = NonNullable<Order['guest_access']>;

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

export function GuestOrderOptions({ access }: { access: GuestAccess }) {
  const t = useTranslations('common.checkout.result');
  const locale = useLocale();
  const texts = useFieldTexts();
  const signIn = useSignIn();
  const { handleError } = useApp();
  const [askEmail, setAskEmail] = useState(false);
  const [existing, setExisting] = useState<string | null>(null);
  const form = useAccountForm(({ z, rules }) => z.object({ password: rules.newPassword(), email: askEmail ? rules.email() : z.string() }), {
    password: '',
    email: '',
  });

  const submit = form.handleSubmit(async ({ password, email }) => {
    try {
      const answer = await claimGuestOrder({ token: access.claim_token, password, ...(askEmail ? { email } : {}) }, locale);
      await signIn(answer, t('kept'));
    } catch (error) {
      if (hasCode(error, 'account_exists')) {
        setExisting(errorMessage(error));
        return;
      }
      if (typeof error === 'object' && error !== null && 'email' in error) setAskEmail(true);
      const rest = placeFieldErrors(form, error);
      if (rest !== null) handleError(rest);
    }
  });

  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-night p-6">
      <div className="flex flex-col gap-2">
        <a href={access.tracking_url} className="btn-outline self-start" data-testid="tracking-link">
          {t('track')}
        </a>
        <p className="text-sm text-mist">{t('trackNote')}</p>
      </div>
      <section aria-labelledby="keep-order" className="flex flex-col gap-3 border-t border-line/60 pt-5">
        <h2 id="keep-order" className="text-lg font-semibold text-cream">
          {t('keepTitle')}
        </h2>
        {existing ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-cream">
              {existing}
            </p>
            <Link href="/login" className="btn-gold">
              {t('signInInstead')}
            </Link>
          </div>
        ) : (
          <>
            <p className="text-sm text-mist">{t('keepNote')}</p>
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              {askEmail && (
                <FormField form={form} name="email" label={texts.label('email')} hint={t('keepEmailHint')} {...FIELD_KINDS.email} />
              )}
              <FormField
                form={form}
                name="password"
                label={texts.label('password')}
                hint={texts.hints.password}
                {...FIELD_KINDS.newPassword}
              />
              <SubmitButton busy={form.submitting}>{t('keepSubmit')}</SubmitButton>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
