import { useTranslations } from 'next-intl';
import { useFormatNumber } from '@/components/use-format-number';
import { Link } from '@/i18n/navigation';

export default function NotFound() {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <title>{`${t('meta.notFoundTitle')} | ${t('meta.siteName')}`}</title>
      <p className="tabular text-6xl font-light tracking-[0.3em] text-gold">{formatNumber(404)}</p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-mist">{t('notFound.text')}</p>
      <Link href="/" className="btn-gold">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
