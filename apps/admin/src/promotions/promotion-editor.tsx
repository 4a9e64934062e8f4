/**
 * A promotion code's editor: a percentage or a fixed amount, a minimum order, the window on Cairo's clock, the total
 * and per-customer limits, first order only, and what it applies to (categories ticked, products found by search).
 * Checked before sending by the contract's schema, in the screen's language; the API's field errors go under their
 * fields. A save names the version the form was loaded with: when someone else saved first, their code is loaded
 * instead and the screen says so. A saved code shows its usage and can be turned off at once.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { get, useController, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { DISCOUNT_KINDS, type StaffPromotion, type StaffPromotionCreate, type StaffTerm } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { usePartSearch, useTerms } from '../catalogue/api';
import { changedPromotion, useCreatePromotion, useDeactivatePromotion, useSavePromotion, useStaffPromotion } from './api';
import { FormDateTimeField } from '../components/date-fields';
import { GroupError, nameIn, placeFieldErrors, useErrorText } from '../components/form-parts';
import { useToast } from '../components/toasts';
import { BackLink, Button, ChoiceSelect, ErrorNotice, Field, Loading, Ltr, Money, Notice, Panel } from '../components/ui';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import {
  emptyPromotionForm,
  promotionFieldOf,
  promotionResolver,
  promotionToForm,
  type NamedChoice,
  type PromotionForm,
} from './promotion-form';
import { DiscountText, PopupChoice, PromotionsGate, PromotionStateChip } from './promotions';

const promotionRoute = getRouteApi('/frame/promotions/$id');

type EditorForm = UseFormReturn<PromotionForm, unknown, StaffPromotionCreate>;
type EditorControl = Control<PromotionForm, unknown, StaffPromotionCreate>;

export function NewPromotionPage() {
  return (
    <PromotionsGate>
      <WithCategories promotion={null} />
    </PromotionsGate>
  );
}

export function EditPromotionPage() {
  const { id } = promotionRoute.useParams();
  return (
    <PromotionsGate>
      <SavedPromotion id={id} />
    </PromotionsGate>
  );
}

function SavedPromotion({ id }: { id: number }) {
  const promotion = useStaffPromotion(id);
  if (promotion.isError) return <ErrorNotice error={promotion.error} />;
  if (!promotion.data) return <Loading />;
  return <WithCategories promotion={promotion.data} />;
}

function WithCategories({ promotion }: { promotion: StaffPromotion | null }) {
  const categories = useTerms('categories');
  if (categories.isError) return <ErrorNotice error={categories.error} />;
  if (!categories.data) return <Loading />;
  return <PromotionEditor key={promotion?.id ?? 'new'} promotion={promotion} categories={categories.data} />;
}

function PromotionEditor({ promotion, categories }: { promotion: StaffPromotion | null; categories: StaffTerm[] }) {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreatePromotion();
  const save = useSavePromotion();
  const deactivate = useDeactivatePromotion();
  const errorText = useErrorText();
  // The version the form's contents were loaded with: what a save or turning it off names.
  const [version, setVersion] = useState(promotion?.version ?? 0);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form: EditorForm = useForm<PromotionForm, unknown, StaffPromotionCreate>({
    resolver: promotionResolver,
    defaultValues: promotion ? promotionToForm(promotion) : emptyPromotionForm(),
  });
  const problem = (path: string) => errorText(get(form.formState.errors, path));
  const kind = useWatch({ control: form.control, name: 'discount_kind' });

  /** Someone else saved first: their code in the form, on their version. */
  const loadTheirs = (current: StaffPromotion) => {
    setVersion(current.version);
    form.reset(promotionToForm(current));
    setChangedMeanwhile(true);
  };
  const conflictOrFields = (error: unknown) => {
    const current = changedPromotion(error);
    if (current) loadTheirs(current);
    else if (error instanceof ApiFailure) setUnplaced(placeFieldErrors(form.setError, error.fields, promotionFieldOf));
  };

  const submit = form.handleSubmit(async (request) => {
    setChangedMeanwhile(false);
    setUnplaced([]);
    try {
      if (!promotion) {
        const created = await create.mutateAsync(request);
        toast(t('promotionCreated', { code: created.code }));
        void navigate({ to: '/promotions/$id', params: { id: created.id }, replace: true });
        return;
      }
      const saved = await save.mutateAsync({ id: promotion.id, body: { ...request, version } });
      setVersion(saved.version);
      form.reset(promotionToForm(saved));
      toast(t('promotionSaved', { code: saved.code }));
    } catch (error) {
      conflictOrFields(error);
    }
  });

  const turnOff = async () => {
    if (!promotion) return;
    setChangedMeanwhile(false);
    try {
      const off = await deactivate.mutateAsync({ id: promotion.id, version });
      setVersion(off.version);
      form.reset(promotionToForm(off));
      toast(t('promotionDeactivated', { code: off.code }));
    } catch (error) {
      conflictOrFields(error);
    }
  };

  const failure = promotion ? (save.error ?? deactivate.error) : create.error;
  const failureShownElsewhere =
    changedPromotion(failure) !== null || (failure instanceof ApiFailure && Object.keys(failure.fields).length > 0);

  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <BackLink to="/promotions">{t('backToPromotions')}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{promotion ? <Ltr>{promotion.code}</Ltr> : t('newPromotion')}</h1>
        {promotion && <PromotionStateChip state={promotion.state} />}
      </div>
      {changedMeanwhile && <Notice tone="error">{t('promotionChangedNotice')}</Notice>}
      {promotion && <UsagePanel promotion={promotion} onTurnOff={turnOff} busy={deactivate.isPending || form.formState.isDirty} />}

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Panel title={t('sectionDiscount')}>
          <div className="grid gap-3 md:grid-cols-2">
            <Field
              label={t('promotionCode')}
              ltr
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
              error={problem('code')}
              {...form.register('code')}
            />
            <ChoiceSelect
              label={t('discountKind')}
              error={problem('discount_kind')}
              choices={DISCOUNT_KINDS.map((each) => ({ value: each, label: t(`kind_${each}`) }))}
              {...form.register('discount_kind')}
            />
            {kind === 'percent' ? (
              <Field
                label={t('percentDiscount')}
                inputMode="numeric"
                ltr
                autoComplete="off"
                error={problem('percent_discount')}
                {...form.register('percent_discount')}
              />
            ) : (
              <Field
                label={t('amountOffLe')}
                inputMode="decimal"
                ltr
                autoComplete="off"
                error={problem('amount_off')}
                {...form.register('amount_off')}
              />
            )}
            <Field
              label={t('minOrderLe')}
              inputMode="decimal"
              ltr
              autoComplete="off"
              error={problem('min_order')}
              {...form.register('min_order')}
            />
          </div>
        </Panel>

        <Panel title={t('sectionValidity')}>
          <div className="grid gap-3 md:grid-cols-2">
            <FormDateTimeField label={t('promotionStartsAt')} control={form.control} name="starts_at" error={problem('starts_at')} />
            <FormDateTimeField label={t('promotionEndsAt')} control={form.control} name="ends_at" error={problem('ends_at')} />
            <Field
              label={t('maxUses')}
              inputMode="numeric"
              ltr
              autoComplete="off"
              error={problem('max_uses')}
              {...form.register('max_uses')}
            />
            <Field
              label={t('perCustomerLimit')}
              inputMode="numeric"
              ltr
              autoComplete="off"
              error={problem('per_customer_limit')}
              {...form.register('per_customer_limit')}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-gold" {...form.register('is_active')} />
              {t('promotionActive')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-gold" {...form.register('first_order_only')} />
              {t('firstOrderOnly')}
            </label>
          </div>
        </Panel>

        <Panel title={t('sectionRestrictions')}>
          <p className="mb-3 text-sm text-mist">{t('restrictionsHint')}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <CategoryPicker control={form.control} categories={categories} />
            <ProductPicker control={form.control} />
          </div>
        </Panel>

        {unplaced.length > 0 && <Notice tone="error">{unplaced.join(' ')}</Notice>}
        {!failureShownElsewhere && <ErrorNotice error={failure} />}
        <div className="flex justify-end">
          <Button variant="primary" type="submit" disabled={form.formState.isSubmitting}>
            {promotion ? t('save') : t('createPromotion')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Orders, discount given and revenue; the popup's mark; turning the code off (on the saved code, so not while editing). */
function UsagePanel({ promotion, onTurnOff, busy }: { promotion: StaffPromotion; onTurnOff(): void; busy: boolean }) {
  const { t, locale } = useI18n();
  const figure = (label: string, value: ReactNode) => (
    <div className="flex flex-col">
      <dt className="text-sm text-mist">{label}</dt>
      <dd className="text-lg tabular-nums">{value}</dd>
    </div>
  );
  return (
    <Panel title={t('sectionUsage')}>
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          <DiscountText promotion={promotion} />
        </p>
        <dl className="grid grid-cols-3 gap-3" data-testid="promotion-usage">
          {figure(t('columnUsed'), formatNumber(locale, promotion.usage.orders))}
          {figure(t('columnDiscountGiven'), <Money value={promotion.usage.discount_given} />)}
          {figure(t('columnRevenue'), <Money value={promotion.usage.revenue} />)}
        </dl>
        <p className="text-xs text-mist">{t('usageNote')}</p>
        <div className="flex flex-wrap items-start gap-3">
          <PopupChoice promotion={promotion} />
          {promotion.is_active && (
            <Button variant="danger" disabled={busy} onClick={onTurnOff}>
              {t('turnOffNow')}
            </Button>
          )}
        </div>
      </div>
    </Panel>
  );
}

function CategoryPicker({ control, categories }: { control: EditorControl; categories: StaffTerm[] }) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: 'categories' });
  const toggle = (id: number, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((each) => each !== id));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('restrictCategories')}</legend>
      {categories.map((category) => (
        <label key={category.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-gold"
            checked={field.value.includes(category.id)}
            onChange={(event) => toggle(category.id, event.target.checked)}
          />
          {nameIn(category, locale)}
        </label>
      ))}
      <GroupError text={errorText(fieldState.error)} />
    </fieldset>
  );
}

/** The products chosen (each removable) and a search to add more, by name, slug or SKU. */
function ProductPicker({ control }: { control: EditorControl }) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const { field, fieldState } = useController({ control, name: 'products' });
  const [search, setSearch] = useState('');
  const found = usePartSearch(search);
  const chosen: NamedChoice[] = field.value;
  const add = (product: NamedChoice) => {
    field.onChange([...chosen, { id: product.id, name_en: product.name_en, name_ar: product.name_ar }]);
    setSearch('');
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('restrictProducts')}</legend>
      {chosen.length === 0 ? (
        <p className="text-sm text-mist">{t('noneChosen')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('restrictProducts')}>
          {chosen.map((product) => (
            <li key={product.id} className="flex items-center gap-1 rounded-full bg-smoke py-0.5 ps-3 pe-1 text-sm">
              {nameIn(product, locale)}
              <button
                type="button"
                className="rounded-full px-2 text-mist hover:text-danger"
                aria-label={t('removeNamed', { name: nameIn(product, locale) })}
                onClick={() => field.onChange(chosen.filter((each) => each.id !== product.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field label={t('findRestrictedProduct')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      {search.trim().length >= 2 && (
        <ul className="flex flex-col gap-1">
          {found.data?.results
            .filter((product) => !chosen.some((each) => each.id === product.id))
            .map((product) => (
              <li key={product.id}>
                <Button onClick={() => add(product)} aria-label={t('addNamed', { name: nameIn(product, locale) })}>
                  {nameIn(product, locale)}
                </Button>
              </li>
            ))}
        </ul>
      )}
      <ErrorNotice error={found.error} />
      <GroupError text={errorText(fieldState.error)} />
    </fieldset>
  );
}
