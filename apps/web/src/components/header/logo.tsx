import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/** Word mark: the shop's name in both scripts, drawn in gold. */
export function Logo() {
  const t = useTranslations('common');
  return (
    <Link href="/" aria-label={t('header.logo')} className="flex items-baseline gap-2 text-gold hover:text-gold-bright">
      <span className="text-xl font-semibold tracking-[0.35em] uppercase" lang="en">
        Attar
      </span>
      {/* No typeface class: English pages draw this word with a system Arabic font instead of downloading Cairo. */}
      <span className="text-lg font-bold" lang="ar">
        عطّار
      </span>
    </Link>
  );
}
