'use client';
/** "Download my data": everything the shop holds about the shopper (`GET /api/users/me/export/`) saved as a JSON file. */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { exportMyData } from '@/lib/api/self-service';
import { useApp } from '../app/app-provider';
import { ProfileSection } from './profile-section';

/** Hands `text` to the browser as a downloaded file. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataExport() {
  const t = useTranslations('common.account.dataExport');
  const locale = useLocale();
  const { showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const data = await exportMyData(locale);
      saveFile(`attar-my-data-${data.exported_at.slice(0, 10)}.json`, JSON.stringify(data, null, 2));
      showToast('success', t('done'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileSection title={t('title')} level={3}>
      <p className="text-sm text-mist">{t.rich('text', { ltr: (words) => <bdi dir="ltr">{words}</bdi> })}</p>
      <button type="button" onClick={download} disabled={busy} className="btn-outline self-start disabled:opacity-60">
        {t('download')}
      </button>
    </ProfileSection>
  );
}
