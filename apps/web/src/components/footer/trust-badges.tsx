import { useTranslations } from 'next-intl';
import { TruckIcon } from '../icons';
import { HeadsetIcon, LockIcon, ReturnIcon, SealIcon } from '../server-icons';

const BADGES = [
  ['authentic', SealIcon],
  ['securePayment', LockIcon],
  ['easyReturn', ReturnIcon],
  ['freeShipping', TruckIcon],
  ['customerService', HeadsetIcon],
] as const;

/** The footer's strip of five promises. */
export function TrustBadges() {
  const t = useTranslations('common.footer.badges');
  return (
    <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-8 sm:grid-cols-3 md:px-6 lg:grid-cols-5">
      {BADGES.map(([key, BadgeIcon]) => (
        <li key={key} className="flex flex-col items-center gap-2 text-center text-sm text-cream last:col-span-2 sm:last:col-span-1">
          <span className="grid size-12 place-items-center rounded-full border border-gold/40 text-gold">
            <BadgeIcon />
          </span>
          {t(key)}
        </li>
      ))}
    </ul>
  );
}
