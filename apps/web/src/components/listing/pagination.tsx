import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { listHref, type ListQuery } from '@/lib/list-query';
import { ChevronEndIcon, ChevronStartIcon } from '../icons';
import { useFormatNumber } from '../use-format-number';

const STEP =
  'inline-flex items-center gap-1 rounded-full border border-line px-4 py-2 text-sm text-cream transition-colors hover:border-gold hover:text-gold';

export function Pagination({ pathname, query, pages }: { pathname: string; query: ListQuery; pages: number }) {
  const t = useTranslations('common.list');
  const formatNumber = useFormatNumber();
  if (pages <= 1) return null;
  const { page } = query;
  return (
    <nav aria-label={t('pagination')} className="mt-10 flex items-center justify-center gap-4">
      {page > 1 && (
        <Link href={listHref(pathname, query, { page: page - 1 })} rel="prev" className={STEP}>
          <ChevronStartIcon size={18} className="rtl:-scale-x-100" />
          <span className="sr-only">{t('previous')}</span>
        </Link>
      )}
      <p className="tabular text-sm text-mist" aria-current="page">
        {t('pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}
      </p>
      {page < pages && (
        <Link href={listHref(pathname, query, { page: page + 1 })} rel="next" className={STEP}>
          <span className="sr-only">{t('next')}</span>
          <ChevronEndIcon size={18} className="rtl:-scale-x-100" />
        </Link>
      )}
    </nav>
  );
}
