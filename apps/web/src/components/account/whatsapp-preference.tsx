'use client';
/** WhatsApp on /profile: whether order updates come by WhatsApp (SMS as the fallback) or by SMS only, and the switch. */
import { useTranslations } from 'next-intl';
import { myWhatsapp, setMyWhatsapp } from '@/lib/api/whatsapp';
import { PreferenceSection, usePreference } from './preference-section';

export function WhatsappPreference() {
  const t = useTranslations('common');
  const { preference, busy, change } = usePreference(myWhatsapp);
  return (
    <PreferenceSection title={t('account.whatsapp.heading')} preference={preference}>
      {({ opted_out: optedOut }) => (
        <>
          <p className="text-cream">{t(optedOut ? 'account.whatsapp.off' : 'account.whatsapp.on')}</p>
          <p className="text-sm text-mist">{t(optedOut ? 'account.whatsapp.note_off' : 'account.whatsapp.note_on')}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-outline"
              disabled={busy}
              onClick={() =>
                void change(
                  (locale) => setMyWhatsapp(!optedOut, locale),
                  t(optedOut ? 'account.whatsapp.started' : 'account.whatsapp.stopped'),
                )
              }
            >
              {t(optedOut ? 'account.whatsapp.start' : 'account.whatsapp.stop')}
            </button>
          </div>
        </>
      )}
    </PreferenceSection>
  );
}
