/**
 * A new order taken by phone: find the caller by their mobile (their account, saved addresses and latest orders, or
 * a new customer), pick products from the catalogue, the delivery address, a promo code and points, the language the
 * customer's messages go out in, and the way to pay: cash on delivery, or one the shop takes online, when the caller is
 * sent a payment link (decision 0060); placed under the storefront's rules. One Idempotency-Key per order on this
 * screen, so a retry after a lost answer never places a second one.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  egyptianMobileToE164,
  staffMay,
  StaffPhoneOrderRequest,
  StockConflictBody,
  type Product,
  type ProductVariant,
  type StaffCustomerLookup,
} from '@attar/contract';
import type { z } from 'zod';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useDeliveryFee, useShopRates } from '../content/api';
import { useCustomerLookup, usePlacePhoneOrder } from './phone-order-api';
import { AddressFields, ProductFinder, RemoveLineButton, ShortLinesNotice, UnitsField } from './line-editing';
import { RoleGate } from '../components/page-parts';
import { AddressLines, useNameInSize } from './order-parts';
import { useToast } from '../components/toasts';
import { Button, ErrorNotice, Field, Loading, Ltr, Money, Notice, Panel, Select, StatusChip, TextArea } from '../components/ui';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import {
  emptyPhoneOrderForm,
  linesSubtotal,
  phoneOrderAmounts,
  phoneOrderRegion,
  phoneOrderCanPay,
  phoneOrderField,
  phoneOrderMethods,
  phoneOrderRequest,
  type PhoneOrderForm,
  type PhoneOrderLine,
} from './phone-order-form';

export function PhoneOrderPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'placePhoneOrders'))}>{role && <PhoneOrder />}</RoleGate>;
}

function PhoneOrder() {
  const { t } = useI18n();
  const [phone, setPhone] = useState<string | null>(null);
  const lookup = useCustomerLookup(phone);
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('phoneOrderTitle')}</h1>
      <CallerSearch onFound={setPhone} />
      {lookup.isFetching && <Loading />}
      <ErrorNotice error={lookup.error} />
      {/* A new number starts a new order: nothing typed for the previous caller carries over. */}
      {lookup.data && !lookup.isFetching && <OrderForm key={lookup.data.phone} caller={lookup.data} />}
    </div>
  );
}

function CallerSearch({ onFound }: { onFound(phone: string): void }) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const find = (event: FormEvent) => {
    event.preventDefault();
    const phone = egyptianMobileToE164(typed);
    setError(phone ? undefined : t('errorPhone'));
    if (phone) onFound(phone);
  };
  return (
    <form onSubmit={find} noValidate className="flex flex-wrap items-end gap-2" role="search">
      <Field
        label={t('callerPhone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        ltr
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
        className="min-w-64 flex-1"
      />
      <Button variant="primary" type="submit">
        {t('findCaller')}
      </Button>
    </form>
  );
}

function OrderForm({ caller }: { caller: StaffCustomerLookup }) {
  const { t, rich, locale } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const place = usePlacePhoneOrder();
  const form = useForm<PhoneOrderForm>({ defaultValues: emptyPhoneOrderForm(caller, locale) });
  const [lines, setLines] = useState<PhoneOrderLine[]>([]);
  const [linesError, setLinesError] = useState<string>();
  const [shortLines, setShortLines] = useState<z.infer<typeof StockConflictBody>['lines']>([]);
  // One key for this order, kept across retries; a placed order leaves the screen.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const account = caller.account;

  const submit = form.handleSubmit(async (values) => {
    form.clearErrors();
    setLinesError(undefined);
    setShortLines([]);
    const parsed = StaffPhoneOrderRequest.safeParse(phoneOrderRequest(caller, values, lines));
    if (!parsed.success) return showProblems(parsed.error.issues.map((issue) => [issue.path, undefined]));
    try {
      const order = await place.mutateAsync({ body: parsed.data, key: idempotencyKey });
      toast(t('phoneOrderPlaced', { number: order.order_number }));
      void navigate({ to: '/orders/$id', params: { id: order.id } });
    } catch (error) {
      if (!(error instanceof ApiFailure)) return;
      if (error.code === 'stock_conflict') setShortLines(StockConflictBody.parse(error.body).lines);
      else showProblems(Object.entries(error.fields).map(([field, messages]) => [field, messages.join(' ')]));
    }
  });

  /** Each problem under its field: the API's own words, or the form's for what the schema found. */
  function showProblems(problems: [readonly PropertyKey[] | string, string | undefined][]) {
    let first = true;
    for (const [path, message] of problems) {
      const field = phoneOrderField(path);
      if (field === 'items') setLinesError(message ?? t('phoneOrderNoItems'));
      else if (field) {
        form.setError(
          field,
          { type: 'invalid', message: message ?? t(field === 'email' ? 'errorEmail' : 'errorRequired') },
          { shouldFocus: first },
        );
        first = false;
      }
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Panel title={t('phoneOrderCaller')}>
        <CallerSummary caller={caller} form={form} />
      </Panel>
      <Panel title={t('phoneOrderItems')}>
        <LinesEditor lines={lines} onChange={setLines} error={linesError} />
        <ShortLinesNotice lines={shortLines} />
      </Panel>
      <Panel title={t('phoneOrderDelivery')}>
        <AddressChoice caller={caller} form={form} />
      </Panel>
      <Panel title={t('phoneOrderDetails')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('promoCode')}
            ltr
            autoComplete="off"
            error={form.formState.errors.promo_code?.message}
            {...form.register('promo_code')}
          />
          <Select label={t('customerLanguage')} {...form.register('language')}>
            <option value="ar">العربية</option>
            <option value="en">English</option>
          </Select>
          {account && account.points > 0 && (
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" className="size-4 accent-gold" {...form.register('use_points')} />
              {rich('usePoints', { points: <bdi>{formatNumber(locale, account.points)}</bdi> })}
            </label>
          )}
          {form.formState.errors.use_points && <Notice tone="error">{form.formState.errors.use_points.message}</Notice>}
          <TextArea label={t('courierNotes')} className="sm:col-span-2" maxLength={500} {...form.register('notes')} />
          <PaymentChoice caller={caller} form={form} lines={lines} />
        </div>
      </Panel>
      {place.error &&
        !(place.error instanceof ApiFailure && (place.error.code === 'stock_conflict' || Object.keys(place.error.fields).length > 0)) && (
          <ErrorNotice error={place.error} />
        )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <AmountsSummary caller={caller} form={form} lines={lines} />
        <Button variant="primary" type="submit" disabled={place.isPending}>
          {t('placePhoneOrder')}
        </Button>
      </div>
    </form>
  );
}

/** Who is calling: their account (points, latest orders), or a new customer's name and e-mail to fill in. */
function CallerSummary({ caller, form }: { caller: StaffCustomerLookup; form: UseFormReturn<PhoneOrderForm> }) {
  const { t, locale } = useI18n();
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-3">
      {caller.account ? (
        <p className="text-sm">
          {t('callerAccount', { name: caller.account.name, count: caller.account.points })}{' '}
          {caller.account.email && <Ltr>{caller.account.email}</Ltr>} · <Ltr>{caller.phone}</Ltr>
        </p>
      ) : (
        <>
          <Notice>{t('callerNew')}</Notice>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('name')} autoComplete="off" required error={errors.name?.message} {...form.register('name')} />
            <Field
              label={t('emailOptional')}
              type="email"
              autoComplete="off"
              ltr
              error={errors.email?.message}
              {...form.register('email')}
            />
          </div>
        </>
      )}
      {caller.recent_orders.length > 0 && (
        <div className="text-sm">
          <h3 className="mb-1 text-mist">{t('callerRecentOrders')}</h3>
          <ul className="flex flex-col gap-1">
            {caller.recent_orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-2">
                <Link to="/orders/$id" params={{ id: order.id }} className="text-gold underline">
                  <Ltr>{order.order_number}</Ltr>
                </Link>
                <StatusChip status={order.status} />
                <Money value={order.total} />
                <span className="text-mist">{formatDate(locale, order.created_at)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The order's lines: search the catalogue, add a product, set its units (up to its stock), remove it. */
function LinesEditor({
  lines,
  onChange,
  error,
}: {
  lines: PhoneOrderLine[];
  onChange(lines: PhoneOrderLine[]): void;
  error?: string | undefined;
}) {
  const { t } = useI18n();
  const nameInSize = useNameInSize();
  const sizeName = (product: Product, size: ProductVariant) => nameInSize(product.name, size.ml);
  const add = (product: Product, size: ProductVariant) => {
    if (!lines.some((line) => line.size.id === size.id)) onChange([...lines, { product, size, quantity: 1 }]);
  };
  const setUnits = (sizeId: number, quantity: number) =>
    onChange(
      lines.map((line) => (line.size.id === sizeId ? { ...line, quantity: Math.min(Math.max(1, quantity), line.size.stock) } : line)),
    );
  return (
    <div className="flex flex-col gap-3">
      <ProductFinder onAdd={add} />
      {lines.length > 0 && (
        <ul aria-label={t('phoneOrderItems')} className="flex flex-col gap-2">
          {lines.map((line) => {
            const name = sizeName(line.product, line.size);
            return (
              <li key={line.size.id} className="flex flex-wrap items-end gap-3 rounded-md bg-smoke p-2 text-sm">
                <span className="flex-1 self-center">{name}</span>
                <UnitsField
                  label={t('unitsOf', { name })}
                  units={line.quantity}
                  stock={line.size.stock}
                  onUnits={(units) => setUnits(line.size.id, units)}
                />
                <span className="self-center">
                  <Money value={line.size.price * line.quantity} />
                </span>
                <RemoveLineButton name={name} onRemove={() => onChange(lines.filter((each) => each !== line))} />
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type OrderParts = { caller: StaffCustomerLookup; form: UseFormReturn<PhoneOrderForm>; lines: PhoneOrderLine[] };

/** The shop's rates and the order's amounts as they stand (null until the rates are read), kept up to date. */
function usePhoneOrderAmounts({ caller, form, lines }: OrderParts) {
  const [address, region, usePoints] = form.watch(['address', 'region', 'use_points']);
  const fee = useDeliveryFee(phoneOrderRegion(caller, { address, region }));
  const rates = useShopRates();
  if (!rates.data) return null;
  const points = caller.account && usePoints ? caller.account.points : 0;
  const amounts = phoneOrderAmounts(
    lines,
    { pointsOffered: points, regionFee: fee.data ?? null, earnsPoints: Boolean(caller.account) },
    rates.data,
  );
  return { rates: rates.data, amounts };
}

/**
 * How the caller pays: cash on delivery, or a way the shop takes online (valU only from its minimum, as at checkout),
 * when the order waits for its payment and the caller is sent a payment link.
 */
function PaymentChoice(parts: OrderParts) {
  const { t, rich } = useI18n();
  const figures = usePhoneOrderAmounts(parts);
  const { form } = parts;
  const chosen = form.watch('payment_method');
  if (!figures) return null;
  const { rates, amounts } = figures;
  const error = form.formState.errors.payment_method?.message;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm text-mist">{t('phoneOrderPaymentMethod')}</legend>
      {phoneOrderMethods(rates).map((method) => {
        const usable = phoneOrderCanPay(method, rates, amounts.deliveryFee === null ? null : amounts.total);
        // A choice the total no longer allows stays chosen (the API then says why), never dropped for cash unseen.
        const offered = usable || chosen === method;
        return (
          <label key={method} className={`flex flex-wrap items-center gap-2 text-sm ${offered ? '' : 'text-mist'}`}>
            <input type="radio" value={method} disabled={!offered} className="accent-gold" {...form.register('payment_method')} />
            {t(`payment_${method}`)}
            {method === 'valu' && !usable && (
              <span className="text-xs">{rich('phoneOrderValuFrom', { amount: <Money value={rates.valu_min_order} /> })}</span>
            )}
          </label>
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p className="text-sm text-mist">{t(chosen === 'cod' ? 'phoneOrderPayment' : 'phoneOrderPaymentLink')}</p>
    </fieldset>
  );
}

/**
 * The order's amounts as the caller will be told them, kept up to date as lines, address and points change: the
 * items, the delivery fee (or a word that a governorate is still to choose), the points taken off and the total.
 */
function AmountsSummary(parts: OrderParts) {
  const { t, locale } = useI18n();
  const promoCode = parts.form.watch('promo_code');
  const figures = usePhoneOrderAmounts(parts);
  if (!figures) {
    return (
      <span className="text-sm text-mist">
        {t('phoneOrderSubtotal')} <Money value={linesSubtotal(parts.lines)} />
      </span>
    );
  }
  const { amounts } = figures;
  return (
    <div className="flex flex-col items-end gap-1">
      <dl aria-label={t('phoneOrderAmounts')} aria-live="polite" className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-mist">{t('subtotal')}</dt>
        <dd className="text-end">
          <Money value={amounts.subtotal} />
        </dd>
        {amounts.pointsUsed > 0 && (
          <>
            <dt className="text-mist">{t('pointsDiscount', { points: formatNumber(locale, amounts.pointsUsed) })}</dt>
            <dd className="text-end">
              <Money value={-amounts.pointsDiscount} />
            </dd>
          </>
        )}
        <dt className="text-mist">{t('deliveryFee')}</dt>
        <dd className="text-end">
          {amounts.deliveryFee === null ? (
            t('phoneOrderFeeUnknown')
          ) : amounts.deliveryFee === 0 ? (
            t('phoneOrderFeeFree')
          ) : (
            <Money value={amounts.deliveryFee} />
          )}
        </dd>
        <dt className="font-semibold">{t('total')}</dt>
        <dd className="text-end font-semibold" data-testid="phone-order-total">
          <Money value={amounts.total} />
        </dd>
      </dl>
      {promoCode.trim() && <p className="text-xs text-mist">{t('phoneOrderPromoWhenPlaced')}</p>}
    </div>
  );
}

/** One of the account's saved addresses, or a new one typed in (governorate first: its cities follow). */
function AddressChoice({ caller, form }: { caller: StaffCustomerLookup; form: UseFormReturn<PhoneOrderForm> }) {
  const { t } = useI18n();
  const saved = caller.account?.addresses ?? [];
  const choice = form.watch('address');
  return (
    <div className="flex flex-col gap-3">
      {saved.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('phoneOrderDelivery')}</legend>
          {saved.map((address) => (
            <label key={address.id} className="flex items-start gap-2 text-sm">
              <input type="radio" value={String(address.id)} className="mt-1 accent-gold" {...form.register('address')} />
              <AddressLines address={address} />
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="new" className="accent-gold" {...form.register('address')} />
            {t('newAddress')}
          </label>
        </fieldset>
      )}
      {choice === 'new' && <AddressFields form={form} />}
    </div>
  );
}
