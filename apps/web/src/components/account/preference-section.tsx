'use client';
/**
 * A shopper's preference on /profile (the newsletter, WhatsApp): read when the page opens, changed by a button that
 * waits for the API and says it is done in a toast, shown in its titled section once read.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { useApp } from '../app/app-provider';
import { ProfileSection } from './profile-section';

/** `load` reads the preference (again when `reloadKey` changes); `change` makes one call and toasts `done`. */
export function usePreference<T>(load: (locale: string) => Promise<T>, reloadKey?: unknown) {
  const locale = useLocale();
  const { showToast, handleError } = useApp();
  const [preference, setPreference] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    load(locale).then(setPreference, handleError);
  }, [locale, handleError, load, reloadKey]);

  async function change(call: (locale: string) => Promise<T>, done: string) {
    setBusy(true);
    try {
      setPreference(await call(locale));
      showToast('success', done);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }
  return { preference, busy, change };
}

/** The section: "loading" until the preference is read, then what `children` shows of it. */
export function PreferenceSection<T>({
  title,
  preference,
  children,
}: {
  title: string;
  preference: T | null;
  children: (preference: T) => ReactNode;
}) {
  const t = useTranslations('common');
  return (
    <ProfileSection title={title}>
      {preference === null ? (
        <p role="status" className="text-mist">
          {t('account.profile.loading')}
        </p>
      ) : (
        children(preference)
      )}
    </ProfileSection>
  );
}
