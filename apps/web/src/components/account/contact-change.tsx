'use client';
/**
 * Change e-mail and change phone: the new address first, then the code sent to IT (by e-mail, or SMS for a phone);
 * with the code, the new address replaces the old one, verified. Nothing changes before the code comes back.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { User } from '@attar/contract';
import { confirmContactChange, sendContactChangeCode, type ContactField } from '@/lib/api/self-service';
import { localMobile } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { CodeForm } from './code-form';
import { FIELD_KINDS, FormField, SubmitButton } from './form-field';
import { useFieldTexts } from './form-rules';
import { ProfileSection } from './profile-section';
import { useAccountForm, useSubmit } from './use-account-form';

export const ChangeEmail = ({ user }: { user: User }) => <ContactChange field="email" current={user.email} />;

export const ChangePhone = ({ user }: { user: User }) => <ContactChange field="phone" current={localMobile(user.phone)} />;

const TEXTS = {
  email: { section: 'changeEmail', label: 'newEmail' },
  phone: { section: 'changePhone', label: 'newPhone' },
} as const;

function ContactChange({ field, current }: { field: ContactField; current: string }) {
  const t = useTranslations(`common.account.${TEXTS[field].section}`);
  const locale = useLocale();
  const { showToast, setUser } = useApp();
  // The new address once a code went to it.
  const [pending, setPending] = useState<string | null>(null);

  return (
    <ProfileSection title={t('title')} level={3}>
      {pending === null ? (
        <NewAddressStep field={field} current={current} onSent={setPending} />
      ) : (
        <CodeForm
          submitLabel={t('confirm')}
          resendLabel={t('resend')}
          resend={() => sendContactChangeCode(field, pending, locale)}
          onCode={async (code) => {
            setUser(await confirmContactChange(field, pending, code, locale));
            setPending(null);
            showToast('success', t('changed'));
          }}
        >
          <p className="text-sm text-mist">
            {t.rich('codePrompt', { destination: pending, ltr: (words) => <bdi dir="ltr">{words}</bdi> })}
          </p>
          <button type="button" onClick={() => setPending(null)} className="text-link self-start text-sm">
            {t('other')}
          </button>
        </CodeForm>
      )}
    </ProfileSection>
  );
}

function NewAddressStep({ field, current, onSent }: { field: ContactField; current: string; onSent: (value: string) => void }) {
  const t = useTranslations(`common.account.${TEXTS[field].section}`);
  const locale = useLocale();
  const { showToast } = useApp();
  const texts = useFieldTexts();
  // Only this section's field is checked; the other stays empty.
  const form = useAccountForm<Record<ContactField, string>, Record<ContactField, string>>(
    ({ z, rules }) =>
      z.object({
        email: field === 'email' ? rules.email(TEXTS.email.label) : z.string(),
        phone: field === 'phone' ? rules.phone(TEXTS.phone.label) : z.string(),
      }),
    { email: '', phone: '' },
  );
  const submit = useSubmit(form, async (values) => {
    const value = values[field];
    showToast('success', (await sendContactChangeCode(field, value, locale)).detail);
    onSent(value);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-mist">
        {current ? t.rich('intro', { current, ltr: (words) => <bdi dir="ltr">{words}</bdi> }) : t('introNone')}
      </p>
      <FormField
        form={form}
        name={field}
        label={texts.label(TEXTS[field].label)}
        {...(field === 'phone' ? { hint: texts.hints.phone } : {})}
        {...FIELD_KINDS[field]}
      />
      <SubmitButton busy={form.submitting}>{t('send')}</SubmitButton>
    </form>
  );
}
