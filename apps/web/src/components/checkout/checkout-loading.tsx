import { useTranslations } from 'next-intl';

/** What the checkout shows while it waits for the bag or the shopper's profile. */
export function CheckoutLoading() {
  const t = useTranslations('common.checkout');
  return (
    <p role="status" className="py-10 text-center text-mist">
      {t('loading')}
    </p>
  );
}
