'use client';
/**
 * What /profile shows a signed-in shopper (profile-screen.tsx loads it while it reads the profile): greeting and
 * log-out, personal details, verification, points (with the claim of an in-store receipt's points), the address
 * book, the order history, and account and data (change e-mail or phone, export, sign out everywhere, delete).
 */
import type { User } from '@attar/contract';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { logOut } from '@/lib/api/accounts';
import { isTokenNotValid } from '@/lib/errors';
import { useApp } from '../app/app-provider';
import { AccountData } from './account-data';
import { AddressBook } from './address-book';
import { InStoreClaim } from './in-store-claim';
import { NewsletterPreference } from './newsletter-preference';
import { WhatsappPreference } from './whatsapp-preference';
import { OrderHistory } from './order-history';
import { PointsSection } from './points-section';
import { ProfileDetails } from './profile-details';
import { VerificationSection } from './verification-section';

export function ProfileContents({ user, refreshUser }: { user: User; refreshUser: () => void }) {
  const t = useTranslations('common');
  const { setUser } = useApp();
  // Counts claims of in-store points: each one makes the points section read the balance again.
  const [pointsClaims, setPointsClaims] = useState(0);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg text-cream">{t('account.profile.greeting', { name: user.name })}</p>
        <LogOutButton />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {/* A saved change gives the form its new starting values. */}
        <ProfileDetails key={`${user.name}|${user.email}|${user.phone}|${user.language}`} user={user} onSaved={setUser} />
        <div className="flex flex-col gap-6">
          <VerificationSection user={user} onVerified={refreshUser} />
          <PointsSection refreshKey={pointsClaims} />
          <InStoreClaim onClaimed={() => setPointsClaims((claims) => claims + 1)} />
        </div>
      </div>
      <AddressBook />
      <OrderHistory />
      <AccountData user={user} />
      <NewsletterPreference email={user.email} />
      <WhatsappPreference />
    </div>
  );
}

/** `POST /api/users/logout/`, then the token and user data are cleared here (even if the token was already dead). */
function LogOutButton() {
  const t = useTranslations('common');
  const locale = useLocale();
  const { logout, showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function logOutNow() {
    setBusy(true);
    try {
      await logOut(locale);
    } catch (error) {
      if (!isTokenNotValid(error)) handleError(error);
    }
    logout();
    showToast('success', t('account.profile.loggedOut'));
  }

  return (
    <button type="button" onClick={logOutNow} disabled={busy} className="btn-outline">
      {t('account.profile.logout')}
    </button>
  );
}
