/** What the catalogue's screens share: a thing's name in the screen's language, sizes in millilitres, the publication chip. */
import { forwardRef, useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { staffMay, type Locale, type PublicationState } from '@attar/contract';
import { useSession } from '../api/queries';
import { formatDate, formatNumber } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';
import { suggestSlug } from '../lib/product-form';
import type { MessageKey } from '../messages/en';
import { RoleGate } from './frame';
import { Chip, Field, Ltr } from './ui';

/** The catalogue's screens are for owners and managers (the API refuses the others with 403 anyway). */
export function CatalogueGate({ children }: { children: ReactNode }) {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'manageCatalogue'))}>{role && children}</RoleGate>;
}

type Named = { name_en: string; name_ar: string };

/** A product's or a name's name in the screen's language. */
export const nameIn = (named: Named, locale: Locale) => (locale === 'ar' ? named.name_ar : named.name_en);

/** Names as a select's choices, in the screen's language. */
export function useTermChoices() {
  const { locale } = useI18n();
  return (terms: (Named & { id: number })[]) => terms.map((term) => ({ value: term.id, label: nameIn(term, locale) }));
}

/** Its name in the other language: the one shown beneath, in its own language and direction. */
export function OtherName({ named }: { named: Named }) {
  const { locale } = useI18n();
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  return (
    <span className="block text-xs text-mist">
      <bdi lang={other}>{nameIn(named, other)}</bdi>
    </span>
  );
}

/** "50 ml", or several sizes as "30 · 50 · 100 ml", the figures kept left to right inside Arabic. */
export function SizesMl({ ml }: { ml: number[] }) {
  const { rich, locale } = useI18n();
  return (
    <span className="whitespace-nowrap">
      {rich('sizeMl', { ml: <Ltr>{ml.map((each) => formatNumber(locale, each)).join(' · ')}</Ltr> })}
    </span>
  );
}

const PUBLICATION_COLOURS: Record<PublicationState, string> = {
  draft: 'bg-mist/15 text-mist',
  scheduled: 'bg-sky-400/15 text-sky-300',
  published: 'bg-success/25 text-emerald-300',
};

/** Draft, published, or scheduled with the time it will be published at (Cairo's clock). */
export function PublicationChip({ state, publishAt }: { state: PublicationState; publishAt: string | null }) {
  const { t, locale } = useI18n();
  return (
    <Chip colours={PUBLICATION_COLOURS[state]}>
      {state === 'scheduled' && publishAt ? t('scheduledFor', { date: formatDate(locale, publishAt) }) : t(`pubState_${state}`)}
    </Chip>
  );
}

/** A text typed in one language, in that language's direction whatever the screen's (an Arabic name right to left). */
export const TextIn = forwardRef<HTMLInputElement, ComponentProps<typeof Field> & { language: Locale }>(function TextIn(
  { language, ...props },
  ref,
) {
  return <Field ref={ref} lang={language} dir={direction(language)} autoComplete="off" {...props} />;
});

/** A problem with a group of fields (the sizes, the notes, the occasions), under them and read out at once. */
export const GroupError = ({ text }: { text: string | undefined }) =>
  text ? (
    <p role="alert" className="text-sm text-danger">
      {text}
    </p>
  ) : null;

/**
 * A form error in words: the API's own (type 'server', already in the request's language) or the form's, whose
 * message is a key of the back office's messages (so it follows a change of language).
 */
export function useErrorText() {
  const { t } = useI18n();
  return (error: Pick<FieldError, 'type' | 'message'> | undefined) =>
    error?.message === undefined ? undefined : error.type === 'server' ? error.message : t(error.message as MessageKey);
}

/**
 * For something new: its slug follows its English name until someone types in the slug field. Hand `onNameChange`
 * and `onSlugChange` to the two fields' `register` options.
 */
export function useSlugFromName(isNew: boolean, setSlug: (slug: string) => void) {
  const [typedIn, setTypedIn] = useState(!isNew);
  return {
    onNameChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!typedIn) setSlug(suggestSlug(event.target.value));
    },
    onSlugChange: () => setTypedIn(true),
  };
}
