import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@attar/contract';
import { formatYear } from '@/i18n/formats';
import { Link } from '@/i18n/navigation';
import { displayPhone } from '@/lib/mobile-number';
import { NAV_ITEMS, navHref } from '../header/nav-items';
import { ChatIcon, FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, TikTokIcon } from '../server-icons';
import { GatewayMark, MastercardMark, VisaMark } from '../payment-marks';
import { NewsletterFields } from './newsletter-fields';
import { NewsletterSignup } from './newsletter-signup';
import { TrustBadges } from './trust-badges';

const LINK = 'text-sm text-cream/85 transition-colors hover:text-gold';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="eyebrow mb-4">{title}</h2>
      <ul className="flex flex-col gap-2.5">{children}</ul>
    </div>
  );
}

/** Links kept inert (Offers, Gift cards; decision 0040): shown, not followable. */
function InertLink({ children }: { children: ReactNode }) {
  return (
    <li>
      <span aria-disabled="true" className="cursor-not-allowed text-sm text-mist/75">
        {children}
      </span>
    </li>
  );
}

export function Footer({ config }: { config: SiteConfig | null }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const shopItems = NAV_ITEMS.filter((item) => !item.disabled);
  const social = config
    ? ([
        [config.facebook_url, t('footer.facebook'), FacebookIcon],
        [config.instagram_url, t('footer.instagram'), InstagramIcon],
        [config.tiktok_url, t('footer.tiktok'), TikTokIcon],
      ] as const)
    : [];

  return (
    <footer className="below-fold mt-16 border-t border-line bg-night pb-20 md:pb-0">
      <TrustBadges />
      <div className="mx-auto grid max-w-7xl gap-10 border-t border-line/60 px-4 py-10 sm:grid-cols-2 md:px-6 lg:grid-cols-4">
        <Column title={t('footer.shop')}>
          <li>
            <Link href="/fragrances" className={LINK}>
              {t('nav.allFragrances')}
            </Link>
          </li>
          {shopItems.map((item) => (
            <li key={item.key}>
              <Link href={navHref(item)} className={LINK}>
                {t(`nav.${item.key}`)}
              </Link>
            </li>
          ))}
          <InertLink>{t('footer.offers')}</InertLink>
          <InertLink>{t('footer.giftCards')}</InertLink>
        </Column>

        <Column title={t('footer.help')}>
          <li>
            <Link href="/about" className={LINK}>
              {t('footer.about')}
            </Link>
          </li>
          <li>
            <Link href="/returns-policy" className={LINK}>
              {t('footer.returns')}
            </Link>
          </li>
          <li>
            <Link href="/privacy-policy" className={LINK}>
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <Link href="/terms-conditions" className={LINK}>
              {t('footer.terms')}
            </Link>
          </li>
        </Column>

        <Column title={t('footer.customerService')}>
          <li>
            <Link href="/contactUs" className={LINK}>
              {t('footer.contact')}
            </Link>
          </li>
          {config && (
            <>
              <li>
                <a href={`tel:${config.phone}`} className={`${LINK} inline-flex items-center gap-2`}>
                  <PhoneIcon size={18} />
                  <bdi dir="ltr" className="tabular">
                    {displayPhone(config.phone)}
                  </bdi>
                </a>
              </li>
              <li>
                <a href={`mailto:${config.email}`} className={`${LINK} inline-flex items-center gap-2`}>
                  <MailIcon size={18} />
                  {config.email}
                </a>
              </li>
              <li>
                <a
                  href={config.store_maps_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.openMaps', { address: config.store_address })}
                  className={`${LINK} inline-flex items-start gap-2`}
                >
                  <MapPinIcon size={18} className="mt-0.5 shrink-0" />
                  {config.store_address}
                </a>
              </li>
            </>
          )}
        </Column>

        <div>
          <h2 className="eyebrow mb-4">{t('footer.newsletter')}</h2>
          <p className="mb-4 text-sm text-mist">{t('footer.newsletterText')}</p>
          <NewsletterSignup
            placeholder={
              <NewsletterFields
                texts={{
                  emailLabel: t('footer.emailLabel'),
                  emailPlaceholder: t('footer.emailPlaceholder'),
                  subscribe: t('footer.subscribe'),
                }}
              />
            }
          />
          {social.length > 0 && (
            <>
              <h2 className="eyebrow mt-8 mb-3">{t('footer.follow')}</h2>
              <ul className="flex gap-2">
                {social.map(([href, label, SocialIcon]) => (
                  <li key={label}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="grid size-11 place-items-center rounded-full border border-line text-cream hover:border-gold hover:text-gold"
                    >
                      <SocialIcon size={20} />
                      <span className="sr-only">{label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 border-t border-line/60 px-4 py-6 md:flex-row md:px-6">
        <p className="text-xs text-mist">{t('footer.copyright', { year: formatYear(new Date(), locale) })}</p>
        <div className="flex items-center gap-3">
          <span className="text-xs text-mist">{t('footer.weAccept')}</span>
          <ul className="flex gap-2">
            <li>
              <VisaMark label={t('footer.visa')} />
            </li>
            <li>
              <MastercardMark label={t('footer.mastercard')} />
            </li>
            <li>
              <GatewayMark label={t('footer.gateway')} />
            </li>
          </ul>
        </div>
      </div>

      {config && (
        <a
          href={config.messenger_url}
          target="_blank"
          rel="noopener noreferrer"
          className="fixed end-4 bottom-20 z-40 grid size-14 place-items-center rounded-full bg-gold text-ink shadow-lg shadow-black/50 transition-transform hover:scale-105 md:bottom-6"
        >
          <ChatIcon size={28} />
          <span className="sr-only">{t('footer.chat')}</span>
        </a>
      )}
    </footer>
  );
}
