/** What the catalogue's screens share: a thing's name in the screen's language, sizes in millilitres, the publication chip. */
import { forwardRef, useState, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import type { FieldError, FieldPath, FieldValues, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { LOCALES, staffMay, type Locale, type PublicationState } from '@attar/contract';
import { useSession } from '../api/queries';
import { formatDate, formatNumber } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';
import { suggestSlug } from './product-form';
import type { MessageKey } from '../messages/en';
import { RoleGate } from '../frame/frame';
import { Chip, Field, Ltr, Panel, TextArea } from '../components/ui';

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

/**
 * The API's field errors, each under the form field `fieldOf` names (the first of them focused); answers the messages
 * no field stands for, to be shown above the form's button.
 */
export function placeFieldErrors<Form extends FieldValues>(
  setError: UseFormSetError<Form>,
  fields: Record<string, string[]>,
  fieldOf: (field: string) => string | null,
): string[] {
  const left: string[] = [];
  let first = true;
  for (const [field, messages] of Object.entries(fields)) {
    const path = fieldOf(field);
    if (!path) left.push(...messages);
    else {
      setError(path as FieldPath<Form>, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    }
  }
  return left;
}

type NamedFields = { name_en: string; name_ar: string; description_en: string; description_ar: string };

/**
 * A product's or an offer's names and descriptions, each typed in its own language and direction; `onNameChange`
 * follows the English name (a new thing's slug does).
 */
export function NamesPanel<Form extends NamedFields>({
  register,
  problem,
  onNameChange,
}: {
  register: UseFormRegister<Form>;
  problem(path: string): string | undefined;
  onNameChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  const { t } = useI18n();
  // The four fields every such form has (react-hook-form cannot see that through the generic).
  const field = (name: keyof NamedFields) => name as FieldPath<Form>;
  return (
    <Panel title={t('sectionNames')}>
      <div className="grid gap-3 md:grid-cols-2">
        <TextIn label={t('nameEn')} language="en" error={problem('name_en')} {...register(field('name_en'), { onChange: onNameChange })} />
        <TextIn label={t('nameAr')} language="ar" error={problem('name_ar')} {...register(field('name_ar'))} />
        {LOCALES.map((language) => (
          <TextArea
            key={language}
            label={t(language === 'ar' ? 'descriptionAr' : 'descriptionEn')}
            lang={language}
            dir={direction(language)}
            rows={5}
            error={problem(`description_${language}`)}
            {...register(field(`description_${language}`))}
          />
        ))}
      </div>
    </Panel>
  );
}
