'use client';
/**
 * "Delete my account" (Egypt's Personal Data Protection Law no. 151 of 2020; decision 0026): what is erased and what
 * the shop keeps and why, then a code sent to the shopper (e-mail, or SMS when only the phone is verified) that
 * confirms it. Once deleted, this browser signs out.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { AccountDeletionCodeSent } from '@attar/contract';
import { deleteMyAccount, sendAccountDeletionCode } from '@/lib/api/self-service';
import { displayPhone } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { CodeForm } from './code-form';
import { DANGER_BUTTON } from './confirm-dialog';
import { ProfileSection } from './profile-section';

export function DeleteAccount() {
  const t = useTranslations('common.account.deleteAccount');
  const locale = useLocale();
  const { logout, showToast, handleError } = useApp();
  const [sent, setSent] = useState<AccountDeletionCodeSent | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    setBusy(true);
    try {
      const answer = await sendAccountDeletionCode(locale);
      showToast('success', answer.detail);
      setSent(answer);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  const ltr = (words: ReactNode) => <bdi dir="ltr">{words}</bdi>;
  return (
    <ProfileSection title={t('title')} level={3}>
      <div className="flex flex-col gap-2 text-sm text-mist">
        <p>{t('erased')}</p>
        <p>{t('kept')}</p>
        <p>{t('law')}</p>
      </div>
      {sent === null ? (
        <button type="button" onClick={sendCode} disabled={busy} className={`${DANGER_BUTTON} self-start disabled:opacity-60`}>
          {t('send')}
        </button>
      ) : (
        <CodeForm
          submitLabel={t('confirm')}
          resendLabel={t('resend')}
          resend={sendAccountDeletionCode.bind(null, locale)}
          onCode={async (code) => {
            await deleteMyAccount(code, locale);
            logout();
            showToast('success', t('deleted'));
          }}
        >
          <p className="text-sm text-mist">
            {t.rich(sent.channel === 'sms' ? 'codePromptSms' : 'codePromptEmail', {
              destination: sent.channel === 'sms' ? displayPhone(sent.to) : sent.to,
              ltr,
            })}
          </p>
        </CodeForm>
      )}
    </ProfileSection>
  );
}
