import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@attar/contract';
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from '../server-icons';

function Card({ href, icon, title, text, external }: { href: string; icon: ReactNode; title: string; text: string; external?: boolean }) {
  return (
    <li>
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="flex h-full items-start gap-4 rounded-2xl border border-line bg-night p-5 transition-colors hover:border-gold/60"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-full border border-gold/40 text-gold">{icon}</span>
        <span className="flex flex-col gap-1">
          <span className="font-semibold text-cream">{title}</span>
          <span dir="auto" className="text-sm break-words text-mist">
            {text}
          </span>
        </span>
      </a>
    </li>
  );
}

/** The contact page's ways to reach the shop, from the site settings. */
export function ContactCards({ config }: { config: SiteConfig }) {
  const t = useTranslations('common.contact');
  return (
    <ul className="mb-10 grid gap-4 sm:grid-cols-2">
      <Card href={config.store_maps_url} external icon={<MapPinIcon />} title={t('visit')} text={config.store_address} />
      <Card href={`tel:${config.phone.replace(/\s+/g, '')}`} icon={<PhoneIcon />} title={t('call')} text={config.phone} />
      <Card href={`mailto:${config.email}`} icon={<MailIcon />} title={t('write')} text={config.email} />
      <Card href={config.messenger_url} external icon={<ChatIcon />} title={t('message')} text="Messenger" />
    </ul>
  );
}
