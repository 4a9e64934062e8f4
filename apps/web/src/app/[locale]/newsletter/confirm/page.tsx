import type { Metadata } from 'next';
import { NewsletterPage, newsletterPageMetadata, type NewsletterPageProps } from '@/components/newsletter/newsletter-page';

export const generateMetadata = (props: NewsletterPageProps): Promise<Metadata> => newsletterPageMetadata('confirm', props);

/** Where the double opt-in e-mail's link leads: the subscription is confirmed as the page opens. */
export default function NewsletterConfirmPage(props: NewsletterPageProps) {
  return <NewsletterPage action="confirm" {...props} />;
}
