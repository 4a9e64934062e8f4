import { useTranslations } from 'next-intl';
import { AccountLinks } from './account-links';
import { CategoryLinks } from './category-nav';
import { FreeShippingBanner } from './free-shipping-banner';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { GlobeIcon } from '../icons';

type HeaderProps = {
  /** Free-shipping threshold, when known and the visitor is in Egypt; otherwise no banner. */
  freeShippingThreshold: number | null;
};

export function Header({ freeShippingThreshold }: HeaderProps) {
  const t = useTranslations('common.a11y');
  return (
    <header data-site-header className="sticky top-0 z-40 border-b border-line bg-ink">
      {freeShippingThreshold !== null && <FreeShippingBanner threshold={freeShippingThreshold} />}
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 md:flex-nowrap md:gap-4 md:px-6">
        <MobileMenu>
          <CategoryLinks layout="stacked" />
        </MobileMenu>
        <Logo />
        <SearchForm className="relative order-last w-full md:order-none md:mx-auto md:max-w-md md:flex-1" />
        <div className="ms-auto flex items-center gap-1 md:ms-0">
          <LanguageToggle className="flex items-center gap-1.5 rounded-full px-2.5 py-2 text-sm text-cream hover:text-gold max-md:hidden">
            <GlobeIcon size={20} />
            <LanguageName />
          </LanguageToggle>
          <AccountLinks />
        </div>
      </div>
      <nav aria-label={t('mainNav')} className="hidden border-t border-line/60 px-6 py-1 lg:block">
        <CategoryLinks layout="inline" />
      </nav>
    </header>
  );
}

function LanguageName() {
  const t = useTranslations('common.header');
  return <span>{t('switchLanguage')}</span>;
}
