import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import type { SignupResponse } from '@attar/contract';
import { signUpGreeting } from './sign-up-greeting';

const catalogue = (lang: 'en' | 'ar') =>
  JSON.parse(readFileSync(new URL(`../../../messages/accounts/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const SENT = { sent: true, retry_after: null };

function greeting(lang: 'en' | 'ar', codes: SignupResponse['codes']) {
  const t = createTranslator({ locale: lang, messages: catalogue(lang) });
  const { key, values } = signUpGreeting({ token: 't', user: { name: 'Mona' } as SignupResponse['user'], codes });
  return t(key as never, values as never) as string;
}

describe('the greeting after sign-up', () => {
  it('speaks of codes sent only when both went out', () => {
    expect(greeting('en', { phone: SENT, email: SENT })).toMatch(/We sent you codes/);
    expect(greeting('ar', { phone: SENT, email: SENT })).toMatch(/أرسلنا إليك رمزين/);
  });

  it('names the code that could not be sent and when to ask again, in both languages', () => {
    const phoneHeld = { phone: { sent: false, retry_after: 1500 }, email: SENT };
    expect(greeting('en', phoneHeld)).toBe(
      'Welcome to Attar, Mona! We could not send a code to your mobile number just now. Ask for one on your account page in 25 minutes.',
    );
    expect(greeting('en', phoneHeld)).not.toMatch(/We sent/);
    expect(greeting('ar', phoneHeld)).toMatch(/لم نستطع إرسال رمز إلى رقم موبايلك الآن\. اطلبه من صفحة حسابك بعد 25 دقيقة\./);
    expect(greeting('en', { phone: { sent: false, retry_after: null }, email: { sent: false, retry_after: 40 } })).toMatch(
      /your mobile number and e-mail just now\. Ask for one on your account page in a minute\./,
    );
    expect(greeting('ar', { phone: SENT, email: { sent: false, retry_after: null } })).toMatch(
      /بريدك الإلكتروني الآن\. اطلبه من صفحة حسابك\.$/,
    );
  });
});
