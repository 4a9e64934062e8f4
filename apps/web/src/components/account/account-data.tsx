'use client';
/**
 * The profile's "Account and data": change e-mail or phone with a code, download my data, sign out of all
 * devices, delete my account.
 */
import { useTranslations } from 'next-intl';
import type { User } from '@attar/contract';
import { ChangeEmail, ChangePhone } from './contact-change';
import { DataExport } from './data-export';
import { DeleteAccount } from './delete-account';
import { ProfileSection } from './profile-section';
import { SignOutEverywhere } from './sign-out-everywhere';

export function AccountData({ user }: { user: User }) {
  const t = useTranslations('common.account');
  return (
    <ProfileSection title={t('dataTitle')}>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <ChangeEmail user={user} />
        <ChangePhone user={user} />
        <DataExport />
        <SignOutEverywhere />
      </div>
      <DeleteAccount />
    </ProfileSection>
  );
}
