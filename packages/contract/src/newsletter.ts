/**
 * The newsletter: double opt-in by e-mail, signed links to confirm and to unsubscribe (no session
 * needed: the signature is the proof), a signed-in shopper's own preference, and the back office's newsletter.
 */
import { z } from 'zod';

/** A signed link's token (confirm or unsubscribe), as the link carries it. */
export const NewsletterToken = z.string().trim().min(1).max(1000);
export const NewsletterTokenBody = z.object({ token: NewsletterToken });
export type NewsletterTokenBody = z.infer<typeof NewsletterTokenBody>;
export const NewsletterTokenQuery = z.object({ token: NewsletterToken });

/** `pending`: signed up, the confirmation link not followed yet (no newsletters until it is). */
export const NEWSLETTER_STATUSES = ['subscribed', 'pending', 'not_subscribed'] as const;
export const NewsletterStatus = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof NewsletterStatus>;

/** The signed-in shopper's e-mail and whether it gets the newsletter. */
export const NewsletterPreference = z.object({ email: z.string(), status: NewsletterStatus });
export type NewsletterPreference = z.infer<typeof NewsletterPreference>;

const subject = z.string().trim().min(1, { error: 'Fill this in.' }).max(150, { error: 'At most 150 characters.' });
const body = z.string().trim().min(1, { error: 'Fill this in.' }).max(10_000, { error: 'At most 10000 characters.' });

/** A newsletter written in both languages: each confirmed subscriber gets it in theirs. Blank lines part paragraphs. */
export const NewsletterIssue = z.object({ subject_en: subject, subject_ar: subject, body_en: body, body_ar: body });
export type NewsletterIssue = z.infer<typeof NewsletterIssue>;

/** How many subscribers the newsletter was queued for (one job each). */
export const NewsletterIssueQueued = z.object({ recipients: z.number().int().nonnegative() });
export type NewsletterIssueQueued = z.infer<typeof NewsletterIssueQueued>;
