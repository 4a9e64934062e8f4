/** What the catalogue's screens share: the gate, names in the other language, sizes in millilitres, the publication chip. */
import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import { LOCALES, staffMay, type Locale, type PublicationState } from '@attar/contract';
import { useSession } from '../api/session';
import { formatDate, formatNumber } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';
import { suggestSlug } from './product-form';
import { RoleGate } from '../components/page-parts';
import { nameIn, TextIn, type Named } from '../components/form-parts';
import { Chip, Ltr, Panel, TextArea } from '../components/ui';

/** The catalogue's screens are for owners and managers (the API refuses the others with 403 anyway). */
export function CatalogueGate({ children }: { children: ReactNode }) {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'manageCatalogue'))}>{role && children}</RoleGate>;
}

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
