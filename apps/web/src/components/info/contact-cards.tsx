import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@attar/contract';
import { displayPhone } from '@/lib/mobile-number';
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from '../server-icons';

type CardProps = {
  href: string;
  icon: ReactNode;
  title: string;
  text: string;
  external?: boolean;
  /** A number, an address or a Latin name: read left to right on an Arabic page too. */
  ltr?: boolean;
};

function Card({ href, icon, title, text, external, ltr }: CardProps) {
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
          {/* An inline isolate: the value reads left to right but sits where the page's lines start, under its title. */}
          <span className="text-sm break-words text-mist">{ltr ? <bdi dir="ltr">{text}</bdi> : <bdi>{text}</bdi>}</span>
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
      <Card href={`tel:${config.phone}`} icon={<PhoneIcon />} title={t('call')} text={displayPhone(config.phone)} ltr />
      <Card href={`mailto:${config.email}`} icon={<MailIcon />} title={t('write')} text={config.email} ltr />
      <Card href={config.messenger_url} external icon={<ChatIcon />} title={t('message')} text="Messenger" ltr />
    </ul>
  );
}
