'use client';
/**
 * The newsletter on /profile: whether the account's e-mail gets it, and a button to subscribe (a
 * confirmation link is e-mailed: double opt-in, like the footer's form) or to unsubscribe.
 */
import { useTranslations } from 'next-intl';
import { myNewsletter, subscribeMe, unsubscribeMe } from '@/lib/api/newsletter';
import { PreferenceSection, usePreference } from './preference-section';

const BADGE = {
  subscribed: 'bg-success/20 text-[#7fd6a2]',
  pending: 'bg-gold/15 text-gold',
  not_subscribed: 'bg-smoke text-mist',
} as const;

/** `email`: the account's address; a change of it reads the preference again. */
export function NewsletterPreference({ email }: { email: string }) {
  const t = useTranslations('common');
  const { preference: read, busy, change } = usePreference(myNewsletter, email);

  return (
    <PreferenceSection title={t('newsletter.profile.heading')} preference={read}>
      {(preference) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span dir="ltr" className="min-w-0 break-all text-cream">
              {preference.email}
            </span>
            <span className={`rounded-full px-3 py-1 text-xs font-semibold ${BADGE[preference.status]}`}>
              {t(`newsletter.profile.status_${preference.status}`)}
            </span>
          </div>
          <p className="text-sm text-mist">
            {t.rich(`newsletter.profile.note_${preference.status}`, {
              email: preference.email,
              ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
            })}
          </p>
          <div className="flex flex-wrap gap-3">
            {preference.status !== 'subscribed' && (
              <button
                type="button"
                className="btn-gold"
                disabled={busy}
                onClick={() => void change(subscribeMe, t('newsletter.profile.linkSent'))}
              >
                {t(preference.status === 'pending' ? 'newsletter.profile.resend' : 'newsletter.profile.subscribe')}
              </button>
            )}
            {preference.status !== 'not_subscribed' && (
              <button
                type="button"
                className="btn-outline"
                disabled={busy}
                onClick={() => void change(unsubscribeMe, t('newsletter.profile.unsubscribed'))}
              >
                {t('newsletter.profile.unsubscribe')}
              </button>
            )}
          </div>
        </>
      )}
    </PreferenceSection>
  );
}
