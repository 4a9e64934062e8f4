'use client';
/**
 * The reviews' interactive parts, loaded once the page is up and the browser idle (reviews-island.tsx), with their
 * texts (the layout sends the browser none of them): where the island stands, a guest is asked to log in to review
 * and a signed-in shopper gets the review form; under each review the server rendered the helpful count in a slot
 * (`data-review-helpful`), which gets the helpful button.
 */
import { useTranslations, type Messages } from 'next-intl';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ReviewOrdering } from '@attar/contract';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation-hooks';
import { useApp } from '../app/app-provider';
import { ShopperTextsProvider } from '../app/shopper-texts-provider';
import { HelpfulButton } from './helpful-button';
import { HELPFUL_SLOT } from './helpful-slot';
import { ReviewForm } from './review-form';

type ReviewExtrasProps = {
  slug: string;
  ordering: ReviewOrdering;
  page: number;
  /** The reviews on the page, in order: a new list (another page, a refresh) finds its slots anew. */
  reviewIds: number[];
  texts: Messages['common']['reviews'];
};

export function ReviewExtras({ texts, ...props }: ReviewExtrasProps) {
  return (
    <ShopperTextsProvider texts={{ reviews: texts }}>
      <ReviewGate {...props} />
      <HelpfulButtons reviewIds={props.reviewIds} />
    </ShopperTextsProvider>
  );
}

function ReviewGate({ slug, ordering, page }: Omit<ReviewExtrasProps, 'texts'>) {
  const t = useTranslations('common.reviews');
  const { userToken, sessionChecked } = useApp();
  const pathname = usePathname();
  if (userToken) return <ReviewForm slug={slug} ordering={ordering} page={page} />;
  if (!sessionChecked) return null;
  return (
    <p className="text-sm text-mist">
      {t('logInToReview')}{' '}
      <Link href={`/login?next=${encodeURIComponent(pathname)}`} className="text-link">
        {t('logIn')}
      </Link>
    </p>
  );
}

type Slot = { element: Element; id: number; count: number };

function HelpfulButtons({ reviewIds }: { reviewIds: number[] }) {
  const [slots, setSlots] = useState<Slot[]>([]);
  const key = reviewIds.join(',');
  useEffect(() => {
    setSlots(
      [...document.querySelectorAll(`#reviews [${HELPFUL_SLOT}]`)].map((element) => ({
        element,
        id: Number(element.getAttribute(HELPFUL_SLOT)),
        count: Number(element.getAttribute('data-count')),
      })),
    );
  }, [key]);
  return slots.map((slot) => createPortal(<HelpfulButton reviewId={slot.id} count={slot.count} />, slot.element, slot.id));
}
