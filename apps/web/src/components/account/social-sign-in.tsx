'use client';
/**
 * Google and Facebook sign-in, each shown only when the API has it configured (`GET /api/auth/providers/`).
 * Google: Google Identity Services draws its button and hands back an ID token → `POST /api/auth/google/`.
 * Facebook: the JavaScript SDK's log-in hands back an access token → `POST /api/auth/facebook/`.
 * The providers' scripts load only on this page, and only for a configured provider.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthProviders } from '@attar/contract';
import { getAuthProviders, signInWithFacebook, signInWithGoogle, type SocialAuthResponse } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { useSignIn } from './use-sign-in';

const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const FACEBOOK_API_VERSION = 'v19.0';
const facebookScriptUrl = (locale: string) => `https://connect.facebook.net/${locale === 'ar' ? 'ar_AR' : 'en_US'}/sdk.js`;

type GoogleIdentity = {
  initialize: (config: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
};
type FacebookSdk = {
  init: (config: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (callback: (response: { authResponse?: { accessToken?: string } | null }) => void, options: { scope: string }) => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds a provider's script once; a failed load may be tried again later. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** Turns a provider's answer into a signed-in shopper, greeted as new or returning. */
function useSocialSignIn() {
  const t = useTranslations('common');
  const { handleError } = useApp();
  const signIn = useSignIn();
  return useCallback(
    async (request: () => Promise<SocialAuthResponse>) => {
      try {
        const answer = await request();
        const name = answer.user.name;
        await signIn(answer, answer.created ? t('account.signUp.welcome', { name }) : t('account.login.welcomeBack', { name }));
      } catch (error) {
        handleError(error);
      }
    },
    [t, handleError, signIn],
  );
}

export function SocialSignIn() {
  const t = useTranslations('common');
  const [providers, setProviders] = useState<AuthProviders | null>(null);

  useEffect(() => {
    getAuthProviders()
      .then(setProviders)
      // Without the list there are no social buttons; the e-mail log-in still works.
      .catch((error: unknown) => console.warn('Sign-in providers unavailable', error));
  }, []);

  if (!providers?.google && !providers?.facebook) return null;
  return (
    <div className="mt-8 flex flex-col gap-4">
      <p className="flex items-center gap-3 text-xs text-mist before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t('account.login.orContinueWith')}
      </p>
      {providers.google && <GoogleButton clientId={providers.google.client_id} />}
      {providers.facebook && <FacebookButton appId={providers.facebook.app_id} />}
    </div>
  );
}

function GoogleButton({ clientId }: { clientId: string }) {
  const locale = useLocale();
  const socialSignIn = useSocialSignIn();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Google keeps the callback it was given first; this ref lets it reach the current one.
  const onCredential = useRef<(idToken: string) => void>(() => {});
  onCredential.current = (idToken) => void socialSignIn(() => signInWithGoogle(idToken, locale));

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SCRIPT_URL)
      .then(() => {
        const identity = window.google?.accounts?.id;
        if (cancelled || !identity || !container.current) return;
        identity.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => credential && onCredential.current(credential),
        });
        identity.renderButton(container.current, {
          type: 'standard',
          theme: 'filled_black',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          logo_alignment: 'center',
          width: Math.min(container.current.offsetWidth || 320, 400),
          locale,
        });
      })
      .catch((error: unknown) => {
        console.warn(error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, locale]);

  if (failed) return null;
  return <div ref={container} className="flex min-h-11 justify-center" />;
}

function loadFacebookSdk(appId: string, locale: string): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB);
  const ready = new Promise<FacebookSdk>((resolve) => {
    window.fbAsyncInit = () => {
      window.FB!.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      resolve(window.FB!);
    };
  });
  return loadScript(facebookScriptUrl(locale)).then(() => ready);
}

function FacebookButton({ appId }: { appId: string }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const socialSignIn = useSocialSignIn();
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadFacebookSdk(appId, locale)
      .then(setSdk)
      .catch((error: unknown) => {
        console.warn(error);
        setFailed(true);
      });
  }, [appId, locale]);

  if (failed) return null;
  return (
    <button
      type="button"
      disabled={!sdk}
      // The SDK opens its pop-up only from the click itself, so log-in starts here, synchronously.
      onClick={() =>
        sdk?.login(
          (response) => {
            const accessToken = response.authResponse?.accessToken;
            if (accessToken) void socialSignIn(() => signInWithFacebook(accessToken, locale));
          },
          { scope: 'public_profile,email' },
        )
      }
      className="inline-flex h-11 items-center justify-center gap-3 rounded-full bg-[#1877f2] px-5 text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:opacity-50"
    >
      <svg viewBox="0 0 24 24" width={20} height={20} fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.41 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.95.93-1.95 1.88v2.27h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
      </svg>
      {t('account.login.facebook')}
    </button>
  );
}
