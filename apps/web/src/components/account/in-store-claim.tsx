'use client';
/**
 * Points for a purchase made in the shop: the receipt's number and the claim code printed beside it find the in-store
 * order (total, points, whether they were claimed); "Claim the points" credits them to the shopper once. The server's
 * refusals (no receipt with that number and code, already claimed) go to the shared error handler, which shows its
 * message.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDate } from '@/i18n/formats';
import { claimInStoreOrder, getInStoreOrder, type InStoreOrder, type InStoreReceipt } from '@/lib/api/orders';
import { useApp } from '../app/app-provider';
import { AmountRow } from '../amount-row';
import { Price } from '../price';
import { useFormatNumber } from '../use-format-number';
import { FormField, SubmitButton } from './form-field';
import { ProfileSection } from './profile-section';
import { useAccountForm, useSubmit } from './use-account-form';

/** The API takes receipt numbers of up to 40 characters, and claim codes of up to 20. */
const RECEIPT_NUMBER_MAX = 40;
const CLAIM_CODE_MAX = 20;

export function InStoreClaim({ onClaimed }: { onClaimed: () => void }) {
  const t = useTranslations('common');
  const locale = useLocale();
  // The receipt found, with the number and code that found it (the fields may change before the claim).
  const [found, setFound] = useState<{ receipt: InStoreOrder; request: InStoreReceipt } | null>(null);
  const label = t('orders.inStore.number');
  const codeLabel = t('orders.inStore.claimCode');
  const form = useAccountForm(
    ({ z }) =>
      z.object({
        number: z
          .string()
          .trim()
          .min(1, { error: t('account.form.required', { label }) })
          .max(RECEIPT_NUMBER_MAX),
        claimCode: z
          .string()
          .trim()
          .min(1, { error: t('account.form.required', { label: codeLabel }) })
          .max(CLAIM_CODE_MAX),
      }),
    { number: '', claimCode: '' },
  );
  const find = useSubmit(form, async (request) => {
    setFound(null);
    setFound({ receipt: await getInStoreOrder(request, locale), request });
  });

  return (
    <ProfileSection title={t('orders.inStore.title')}>
      <p className="text-sm text-mist">{t('orders.inStore.intro')}</p>
      <form onSubmit={find} noValidate className="flex flex-col gap-4">
        <FormField form={form} name="number" label={label} autoComplete="off" autoCapitalize="characters" spellCheck={false} ltr />
        <FormField form={form} name="claimCode" label={codeLabel} autoComplete="off" autoCapitalize="characters" spellCheck={false} ltr />
        <SubmitButton busy={form.submitting}>{t('orders.inStore.find')}</SubmitButton>
      </form>
      {found && (
        <Receipt
          receipt={found.receipt}
          request={found.request}
          onClaimed={(claimed) => {
            setFound({ ...found, receipt: claimed });
            onClaimed();
          }}
        />
      )}
    </ProfileSection>
  );
}

function Receipt({
  receipt,
  request,
  onClaimed,
}: {
  receipt: InStoreOrder;
  request: InStoreReceipt;
  onClaimed: (receipt: InStoreOrder) => void;
}) {
  const t = useTranslations('common.orders.inStore');
  const locale = useLocale();
  const formatNumber = useFormatNumber();
  const { showToast, handleError } = useApp();
  const [busy, setBusy] = useState(false);

  async function claim() {
    setBusy(true);
    try {
      const claimed = await claimInStoreOrder(request, locale);
      showToast('success', t('claimed', { count: claimed.points, shown: formatNumber(claimed.points) }));
      onClaimed(claimed);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileSection title={t('receipt', { number: receipt.order_number })} level={3}>
      <dl className="flex flex-col gap-2 text-sm">
        <AmountRow label={t('date')} className="text-cream">
          {formatDate(receipt.created_at, locale)}
        </AmountRow>
        <AmountRow label={t('total')}>
          <Price amount={receipt.total} className="text-cream" />
        </AmountRow>
        <AmountRow label={t('points')} className="tabular font-semibold text-gold">
          {formatNumber(receipt.points)}
        </AmountRow>
        <AmountRow label={t('state')} className={receipt.claimed ? 'text-mist' : 'text-[#7fd6a2]'}>
          {t(!receipt.claimed ? 'claimedNo' : receipt.claimed_by_you ? 'claimedByYou' : 'claimedByOther')}
        </AmountRow>
      </dl>
      {!receipt.claimed && (
        <button type="button" onClick={claim} disabled={busy} aria-busy={busy || undefined} className="btn-gold h-11">
          {t('claim')}
        </button>
      )}
    </ProfileSection>
  );
}
