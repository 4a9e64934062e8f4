'use client';
import { useLocale, useTranslations } from 'next-intl';
import type { User } from '@attar/contract';
import { updateMe } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { FIELD_KINDS, FormField, SubmitButton } from './form-field';
import { localMobile } from '@/lib/mobile-number';
import { useFieldTexts } from './form-rules';
import { ProfileSection } from './profile-section';
import { useAccountForm, useSubmit } from './use-account-form';

/** Edit name, e-mail and mobile number (`PUT /api/users/me/`); a changed e-mail or number is unverified again. */
export function ProfileDetails({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { showToast } = useApp();
  const texts = useFieldTexts();
  const form = useAccountForm(({ z, rules }) => z.object({ name: rules.name(), email: rules.email(), phone: rules.phone() }), {
    name: user.name,
    email: user.email,
    phone: localMobile(user.phone),
  });
  const submit = useSubmit(form, async (values) => {
    onSaved(await updateMe(values, locale));
    showToast('success', t('account.profile.saved'));
  });

  return (
    <ProfileSection title={t('account.profile.details')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormField form={form} name="name" label={texts.label('name')} autoComplete="name" />
        <FormField form={form} name="email" label={texts.label('email')} {...FIELD_KINDS.email} />
        <FormField form={form} name="phone" label={texts.label('phone')} hint={texts.hints.phone} {...FIELD_KINDS.phone} />
        <p className="text-sm text-mist">{t('account.profile.detailsNote')}</p>
        <SubmitButton busy={form.submitting}>{t('account.profile.save')}</SubmitButton>
      </form>
    </ProfileSection>
  );
}
