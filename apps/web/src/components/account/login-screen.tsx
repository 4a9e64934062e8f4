'use client';
/**
 * /login: log-in and sign-up as two tabs, the three-step password reset, and the social buttons. A shopper who is
 * already signed in (or just signed in) goes on to /profile, or back to the page that sent them (`?next=`).
 *
 * The page loads with the log-in form only. The sign-up form and the reset arrive once the page is idle (so a
 * switch finds them ready), and the social buttons load with their providers' settings, which they wait for anyway.
 */
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useRouter } from '@/i18n/navigation-hooks';
import { whenIdle } from '@/lib/idle';
import { returnPath } from '@/lib/return-path';
import { useApp } from '../app/app-provider';
import { TabList, tabId, tabPanelId } from '../tabs';
import { LogInForm } from './log-in-form';

const loadSignUp = () => import('./sign-up-form');
const loadReset = () => import('./password-reset');
const SignUpForm = lazy(() => loadSignUp().then((module) => ({ default: module.SignUpForm })));
const PasswordReset = lazy(() => loadReset().then((module) => ({ default: module.PasswordReset })));
const SocialSignIn = lazy(() => import('./social-sign-in').then((module) => ({ default: module.SocialSignIn })));

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
    // Back where the shopper came from (`?next=/checkout`), else to the profile.
    if (sessionChecked && userToken) router.replace(returnPath(new URLSearchParams(window.location.search).get('next')) ?? '/profile');
  }, [sessionChecked, userToken, router]);

  useEffect(
    () =>
      whenIdle(() => {
        void loadSignUp();
        void loadReset();
      }),
    [],
  );

  if (resetting) {
    return (
      <Suspense>
        <PasswordReset
          email={knownEmail}
          onBack={() => setResetting(false)}
          onDone={(email) => {
            setKnownEmail(email);
            setTab('logIn');
            setResetting(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <>
      <TabList
        label={t('account.login.modes')}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        tabLabel={(each) => t(each === 'logIn' ? 'account.login.logInTab' : 'account.login.signUpTab')}
        idPrefix={id}
        className="grid grid-cols-2 gap-1 rounded-full border border-line bg-night p-1"
      />
      <div role="tabpanel" id={tabPanelId(id)} aria-labelledby={tabId(id, tab)} className="mt-6">
        {tab === 'logIn' ? (
          <LogInForm
            key={knownEmail}
            identifier={knownEmail}
            onForgotPassword={(typed) => {
              if (typed.includes('@')) setKnownEmail(typed.trim());
              setResetting(true);
            }}
          />
        ) : (
          <Suspense>
            <SignUpForm />
          </Suspense>
        )}
      </div>
      <Suspense>
        <SocialSignIn />
      </Suspense>
    </>
  );
}
