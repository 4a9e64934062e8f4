import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';

/**
 * Word mark: the shop's name in both scripts, drawn in gold. The link is named by what it shows plus where it goes
 * ("Attar عطّار, home"), so a shopper who says or sees its words finds it.
 */
export function Logo() {
  const t = useTranslations('common');
  return (
    <Link href="/" className="flex items-baseline gap-2 text-gold hover:text-gold-bright">
      {/* Each word takes the page's typeface where it has the script, else the system's: Arabic pages draw "Attar" and
          English pages draw "عطّار" in the system's font, so neither downloads the other language's typeface. */}
      <span className="text-xl font-semibold tracking-[0.35em] uppercase" lang="en">
        Attar
      </span>
      <span className="text-lg font-bold" lang="ar">
        عطّار
      </span>
      <span className="sr-only">{t('header.logo')}</span>
    </Link>
  );
}
