'use client';
/**
 * /login: log-in and sign-up as two tabs, the three-step password reset, and the social buttons. A shopper who is
 * already signed in (or just signed in) goes on to /profile.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useRouter } from '@/i18n/navigation';
import { useApp } from '../app/app-provider';
import { LogInForm } from './log-in-form';
import { PasswordReset } from './password-reset';
import { SignUpForm } from './sign-up-form';
import { SocialSignIn } from './social-sign-in';

const TABS = ['logIn', 'signUp'] as const;
type Tab = (typeof TABS)[number];

export function LoginScreen() {
  const t = useTranslations('common');
  const { userToken, sessionChecked } = useApp();
  const router = useRouter();
  const id = useId();
  const [tab, setTab] = useState<Tab>('logIn');
  const [resetting, setResetting] = useState(false);
  // After a reset the log-in form starts with the e-mail just used.
  const [knownEmail, setKnownEmail] = useState('');

  useEffect(() => {
    if (sessionChecked && userToken) router.replace('/profile');
  }, [sessionChecked, userToken, router]);

  const tabId = (each: Tab) => `${id}-${each}`;
  const select = (each: Tab) => {
    setTab(each);
    document.getElementById(tabId(each))?.focus();
  };
  // Arrow keys move between the two tabs (either arrow reaches the other one, whatever the direction); Home and End too.
  const onTabKey = (event: KeyboardEvent) => {
    const next: Record<string, Tab | undefined> = {
      ArrowLeft: tab === 'logIn' ? 'signUp' : 'logIn',
      ArrowRight: tab === 'logIn' ? 'signUp' : 'logIn',
      Home: 'logIn',
      End: 'signUp',
    };
    const target = next[event.key];
    if (!target) return;
    event.preventDefault();
    select(target);
  };

  if (resetting) {
    return (
      <PasswordReset
        email={knownEmail}
        onBack={() => setResetting(false)}
        onDone={(email) => {
          setKnownEmail(email);
          setTab('logIn');
          setResetting(false);
        }}
      />
    );
  }

  return (
    <>
      <div role="tablist" aria-label={t('account.login.modes')} className="grid grid-cols-2 gap-1 rounded-full border border-line bg-night p-1">
        {TABS.map((each) => (
          <button
            key={each}
            id={tabId(each)}
            type="button"
            role="tab"
            aria-selected={tab === each}
            aria-controls={`${id}-panel`}
            tabIndex={tab === each ? 0 : -1}
            onClick={() => setTab(each)}
            onKeyDown={onTabKey}
            className="rounded-full px-3 py-2.5 text-sm font-semibold text-mist transition-colors hover:text-cream aria-selected:bg-gold aria-selected:text-ink"
          >
            {t(each === 'logIn' ? 'account.login.logInTab' : 'account.login.signUpTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(tab)} className="mt-6">
        {tab === 'logIn' ? (
          <LogInForm key={knownEmail} identifier={knownEmail} onForgotPassword={(typed) => {
              if (typed.includes('@')) setKnownEmail(typed.trim());
              setResetting(true);
            }} />
        ) : (
          <SignUpForm />
        )}
      </div>
      <SocialSignIn />
    </>
  );
}
