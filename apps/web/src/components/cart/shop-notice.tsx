import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/** A page's whole content when there is nothing to list yet: a sentence and where to go (an empty bag, no favourites). */
export function ShopNotice({ text, href, action }: { text: ReactNode; href: string; action: string }) {
  return (
    <div className="flex flex-col items-center gap-6 rounded-2xl border border-line bg-night p-10 text-center">
      <p className="text-lg text-mist">{text}</p>
      <Link href={href} className="btn-gold">
        {action}
      </Link>
    </div>
  );
}
