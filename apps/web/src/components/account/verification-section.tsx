'use client';
/** Phone and e-mail verification: each with its state, the code field, and "Send a new code". */
import { useLocale, useTranslations } from 'next-intl';
import type { User } from '@attar/contract';
import { resendVerificationCode, verifyChannel, type VerificationChannel } from '@/lib/api/accounts';
import { useApp } from '../app/app-provider';
import { CodeForm } from './code-form';
import { localMobile } from '@/lib/mobile-number';
import { useFieldTexts } from './form-rules';
import { ProfileSection } from './profile-section';

export function VerificationSection({ user, onVerified }: { user: User; onVerified: () => void }) {
  const t = useTranslations('common');
  const texts = useFieldTexts();
  return (
    <ProfileSection title={t('account.profile.verification')}>
      <Channel
        channel="phone"
        label={texts.label('phone')}
        value={localMobile(user.phone)}
        verified={user.phone_verified}
        onVerified={onVerified}
      />
      <Channel channel="email" label={texts.label('email')} value={user.email} verified={user.email_verified} onVerified={onVerified} />
    </ProfileSection>
  );
}

type ChannelProps = { channel: VerificationChannel; label: string; value: string; verified: boolean; onVerified: () => void };

function Channel({ channel, label, value, verified, onVerified }: ChannelProps) {
  const t = useTranslations('common');
  const locale = useLocale();
  const { showToast } = useApp();

  return (
    <ProfileSection title={label} level={3}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span dir="ltr" className="min-w-0 break-all text-cream">
          {value}
        </span>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${verified ? 'bg-success/20 text-[#7fd6a2]' : 'bg-danger-deep/25 text-danger'}`}
        >
          {t(verified ? 'account.profile.verified' : 'account.profile.notVerified')}
        </span>
      </div>
      {!value && <p className="text-sm text-mist">{t('account.profile.noPhone')}</p>}
      {value && !verified && (
        <CodeForm
          submitLabel={t('account.profile.verify')}
          resendLabel={t('account.profile.resend')}
          resend={() => resendVerificationCode(channel, locale)}
          onCode={async (code) => {
            showToast('success', (await verifyChannel(channel, code, locale)).detail);
            onVerified();
          }}
        >
          <p className="text-sm text-mist">{t('account.profile.verifyPrompt', { destination: value })}</p>
        </CodeForm>
      )}
    </ProfileSection>
  );
}
