'use client';
import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES, type Locale, type User } from '@attar/contract';
import { updateMe } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { FIELD_INPUT, FIELD_LABEL } from './field-frame';
import { FIELD_KINDS, FormField, SubmitButton } from './form-field';
import { localMobile } from '@/lib/mobile-number';
import { useFieldTexts } from './form-rules';
import { ProfileSection } from './profile-section';
import { useAccountForm, useSubmit } from './use-account-form';

/**
 * Edit the name and the language of the account's messages (`PUT /api/users/me/`). The e-mail and mobile number are
 * shown, not edited here: a new one takes effect only with the code sent to it (contact-change.tsx, further down).
 */
export function ProfileDetails({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { showToast } = useApp();
  const texts = useFieldTexts();
  const languageId = useId();
  const [language, setLanguage] = useState<Locale>(user.language);
  const form = useAccountForm(({ z, rules }) => z.object({ name: rules.name(), email: rules.email(), phone: rules.phone() }), {
    name: user.name,
    email: user.email,
    phone: localMobile(user.phone),
  });
  const submit = useSubmit(form, async (values) => {
    onSaved(await updateMe({ ...values, language }, locale));
    showToast('success', t('account.profile.saved'));
  });

  return (
    <ProfileSection title={t('account.profile.details')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField form={form} name="name" label={texts.label('name')} autoComplete="name" />
        <FormField form={form} name="email" label={texts.label('email')} readOnly required={false} {...FIELD_KINDS.email} />
        {/* The contract's PUT needs a number: an account without one (a social sign-in) gives one here, as a pending change. */}
        {user.phone ? (
          <FormField form={form} name="phone" label={texts.label('phone')} readOnly required={false} {...FIELD_KINDS.phone} />
        ) : (
          <FormField form={form} name="phone" label={texts.label('phone')} hint={texts.hints.phone} {...FIELD_KINDS.phone} />
        )}
        <p className="text-sm text-mist">{t('account.profile.detailsNote')}</p>
        <div className="flex flex-col gap-2">
          <label htmlFor={languageId} className={FIELD_LABEL}>
            {t('account.profile.language')}
          </label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Locale)}
            aria-describedby={`${languageId}-note`}
            className={FIELD_INPUT}
          >
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {t(`account.profile.languageNames.${option}`)}
              </option>
            ))}
          </select>
          <p id={`${languageId}-note`} className="text-sm text-mist">
            {t('account.profile.languageNote')}
          </p>
        </div>
        <SubmitButton busy={form.submitting}>{t('account.profile.save')}</SubmitButton>
      </form>
    </ProfileSection>
  );
}
