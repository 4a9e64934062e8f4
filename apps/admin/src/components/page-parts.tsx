/** Parts of a page inside the frame or outside it: the language toggle, a page alone, what a role may not open. */
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { Button, Notice } from './ui';

/** Switches the back office to the other language. */
export function LanguageToggle() {
  const { locale, setLocale, t } = useI18n();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button aria-label={t('languageLabel')} lang={other} onClick={() => setLocale(other)}>
      {t('language')}
    </Button>
  );
}

/** A page outside the frame (sign-in, setting a password): the shop's name, the title and the language toggle. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <p className="text-center text-lg font-semibold text-gold">{t('appName')}</p>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-xl font-semibold">{title}</h1>
        <LanguageToggle />
      </div>
      {children}
    </main>
  );
}

/** What a role may not open: the same message wherever (the API refuses it with 403 anyway). */
export function RoleGate({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return allowed ? children : <Notice tone="error">{t('noAccess')}</Notice>;
}
