import type { Metadata } from 'next';
import { NewsletterPage, newsletterPageMetadata, type NewsletterPageProps } from '@/components/newsletter/newsletter-page';

export const generateMetadata = (props: NewsletterPageProps): Promise<Metadata> => newsletterPageMetadata('unsubscribe', props);

/** Where a newsletter's unsubscribe link leads: a button unsubscribes (opening the page changes nothing). */
export default function NewsletterUnsubscribePage(props: NewsletterPageProps) {
  return <NewsletterPage action="unsubscribe" {...props} />;
}
