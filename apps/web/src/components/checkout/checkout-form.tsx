'use client';
/**
 * The checkout form (checkout-screen.tsx shows it once the bag is known): the bag becomes an order (`POST /api/orders/`). A signed-in shopper picks or adds a saved
 * address and may spend loyalty points; a guest types name, mobile and address and confirms the number with an SMS
 * code. Both may apply a promo code and choose cash on delivery or card. The summary shows what the API will charge
 * (lib/checkout/checkout-totals.ts). One Idempotency-Key per visit: a retried click cannot place two orders.
 * Analytics: begin_checkout when the page shows, add_shipping_info and add_payment_info when the order
 * is sent, purchase once it is placed (cash) or paid (card, on the order-result page).
 */
import { analyticsEvent } from '@attar/contract/rules';
import type { Address } from '@attar/contract';
import { canPayWith, CODE_LENGTH, ORDER_NOTES_MAX } from '@attar/contract/rules';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation-hooks';
import { getMe } from '@/lib/api/accounts';
import {
  applyPromoCode,
  checkGuestPromoCode,
  getFee,
  removePromoCode,
  sendGuestCode,
  type GuestItem,
  type Promotion,
  type Region,
} from '@/lib/api/checkout';
import { placeOrder } from '@/lib/api/orders';
import { cartAnalytics, countedLines } from '@/lib/cart/cart-lines';
import { promotionDiscountPiastres } from '@/lib/cart/cart-totals';
import { announceCartChanged } from '@/lib/cart/cart-signals';
import { clearGuestCart } from '@/lib/cart/guest-cart';
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft, type CheckoutDraft } from '@/lib/checkout/checkout-draft';
import { NO_EXTRAS } from '@/lib/checkout/checkout-extras';
import { checkoutTotals, type CheckoutRates } from '@/lib/checkout/checkout-totals';
import { rememberPlacedOrder, reportPurchase } from '@/lib/checkout/placed-order';
import { pushToDataLayer } from '@/lib/data-layer';
import { displayPhone, readMobile } from '@/lib/mobile-number';
import { useApp } from '../app/app-provider';
import { FIELD_KINDS, FormField } from '../account/form-field';
import { placeFieldErrors, useAccountForm } from '../account/use-account-form';
import { useCart } from '../cart/cart-provider';
import { AddressFields, addressSchema, EMPTY_ADDRESS, type AddressFormInput, type AddressFormOutput } from './address-fields';
import { AddressPicker } from './address-picker';
import { CheckoutLoading } from './checkout-loading';
import {
  CheckoutSection,
  GiftChoice,
  PaymentChoice,
  PhoneCheck,
  PointsChoice,
  PromoCodeBox,
  type PaymentMethod,
  type PaymentOptions,
} from './checkout-sections';
import { CheckoutSummary } from './checkout-summary';
import { DeliveryPromise } from '../delivery/delivery-promise';
import { StockConflictNotice, readStockConflict, type StockConflictLine } from './stock-conflict';
import { useCheckoutExtras } from './use-checkout-extras';

/** A fresh key for this visit's order (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type GuestInput = AddressFormInput & { email: string };

/** The guest form as the draft left it: only its own fields, each as typed. */
function draftedGuest(draft: CheckoutDraft): GuestInput {
  const empty: GuestInput = { ...EMPTY_ADDRESS, email: '' };
  const kept = Object.keys(empty).flatMap((key) => (key in draft.guest ? [[key, draft.guest[key]!]] : []));
  return { ...empty, ...Object.fromEntries(kept) };
}

type CheckoutFormProps = { regions: Region[]; rates: CheckoutRates; payments: PaymentOptions; signedIn: boolean };

export function CheckoutForm({ regions, rates, payments, signedIn }: CheckoutFormProps) {
  const t = useTranslations('common.checkout');
  const tCommon = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  const { user, setUser, handleError, showToast } = useApp();
  const { cart } = useCart();
  const lines = countedLines(cart.lines);

  // What this tab had typed before a reload or a detour to log in (checkout-draft.ts).
  const [draft] = useState(() => readCheckoutDraft(window.sessionStorage));
  const [address, setAddress] = useState<Address | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(draft.paymentMethod);
  const [usePoints, setUsePoints] = useState(draft.usePoints);
  const [guestPromotion, setGuestPromotion] = useState<Promotion | null>(null);
  const [otp, setOtp] = useState('');
  const [walletPhone, setWalletPhone] = useState(draft.walletPhone);
  // Gift wrap, gift message and notes are kept with the cart, for every tab (use-checkout-extras.ts).
  const checkoutExtras = useCheckoutExtras(signedIn);
  const extras = checkoutExtras.extras ?? NO_EXTRAS;
  const gift = { wrap: extras.gift_wrap, message: extras.gift_message };
  const notes = extras.notes;
  const [fee, setFee] = useState<{ region: number; fee: number } | null>(null);
  const [placing, setPlacing] = useState(false);
  const [conflict, setConflict] = useState<StockConflictLine[] | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const notesId = useId();

  const guestForm = useAccountForm<GuestInput, AddressFormOutput & { email: string | undefined }>(
    (tools) =>
      addressSchema(tools, tCommon, locale).extend({
        email: tools.z
          .string()
          .trim()
          .max(254)
          .refine((value) => value === '' || tools.z.email().safeParse(value).success, { error: tCommon('account.form.invalidEmail') })
          .transform((value) => value.toLowerCase() || undefined),
      }),
    draftedGuest(draft),
  );
  const guestRegion = guestForm.values.region;

  const chosenAddressId = address?.id ?? draft.addressId;
  useEffect(() => {
    saveCheckoutDraft(window.sessionStorage, {
      guest: signedIn ? draft.guest : guestForm.values,
      addressId: chosenAddressId,
      paymentMethod,
      walletPhone,
      usePoints,
    });
  }, [draft, signedIn, guestForm.values, chosenAddressId, paymentMethod, walletPhone, usePoints]);
  const guestMobile = readMobile(guestForm.values.phone);

  // The signed-in shopper's points balance comes with their profile.
  useEffect(() => {
    if (signedIn && !user) getMe(locale).then(setUser, handleError);
  }, [signedIn, user, locale, setUser, handleError]);

  const regionId = signedIn ? (address?.region.id ?? null) : guestRegion ? Number(guestRegion) : null;
  useEffect(() => {
    if (!regionId) return;
    let live = true;
    getFee(regionId, locale).then((answer) => live && setFee({ region: regionId, fee: answer.fee }), handleError);
    return () => {
      live = false;
    };
  }, [regionId, locale, handleError]);

  const promotion = signedIn ? cart.totals.promotion : guestPromotion;
  const totals = checkoutTotals(
    {
      subtotal: cart.totals.subtotal,
      // The signed-in cart's discount is the server's; a guest's is worked out the same way from the code's terms.
      discount: signedIn ? cart.totals.discount : promotionDiscountPiastres(cart.lines, guestPromotion) / 100,
      pointsAvailable: signedIn && usePoints ? (user?.points ?? 0) : 0,
      regionFee: fee && fee.region === regionId ? fee.fee : null,
      giftWrap: gift.wrap,
    },
    rates,
  );

  // A way to pay the order cannot use now (valU below its minimum, or one the shop stopped offering) falls back to cash.
  const method = canPayWith(paymentMethod, payments, totals.total) ? paymentMethod : 'cod';

  const guestItems: GuestItem[] = lines.map((line) => ({
    [line.kind]: line.id,
    ...(line.variant === null ? {} : { variant: line.variant }),
    quantity: line.quantity,
  }));

  const analyticsItems = useMemo(() => cartAnalytics(cart.lines), [cart.lines]);
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    pushToDataLayer(analyticsEvent('begin_checkout', analyticsItems));
  }, [analyticsItems]);

  /** Applies a code, or replaces the one applied once the new one is accepted. */
  async function applyCode(code: string) {
    try {
      if (signedIn) {
        await applyPromoCode(code, locale);
        // The code now belongs to the cart: read it again for its discount.
        announceCartChanged();
      } else {
        setGuestPromotion(await checkGuestPromoCode(guestMobile!, code, otp, guestItems, locale));
      }
    } catch (error) {
      handleError(error);
      throw error;
    }
  }

  async function removeCode() {
    if (!signedIn) return setGuestPromotion(null);
    try {
      await removePromoCode(promotion!.code, locale);
      announceCartChanged();
    } catch (error) {
      handleError(error);
    }
  }

  async function sendCode() {
    if (!guestMobile) return;
    try {
      await sendGuestCode(guestMobile, undefined, locale);
    } catch (error) {
      handleError(error);
      throw error;
    }
  }

  async function submit(body: Record<string, unknown>, aliases: Record<string, keyof GuestInput> = {}) {
    setPlacing(true);
    setConflict(null);
    pushToDataLayer(analyticsEvent('add_shipping_info', analyticsItems));
    pushToDataLayer(analyticsEvent('add_payment_info', analyticsItems));
    try {
      await checkoutExtras.flush();
      const order = await placeOrder(
        {
          ...body,
          payment_method: method,
          wallet_phone: method === 'wallet' && walletPhone.trim() ? walletPhone.trim() : undefined,
          gift: gift.wrap || gift.message.trim() ? { wrap: gift.wrap, message: gift.message.trim() || undefined } : undefined,
          notes: notes.trim() || undefined,
        },
        idempotencyKey.current,
        locale,
      );
      clearCheckoutDraft(window.sessionStorage);
      checkoutExtras.forget();
      if (!signedIn) clearGuestCart(window.localStorage);
      announceCartChanged();
      const placed = { order, items: analyticsItems, purchaseReported: false };
      if (order.status === 'pending_payment') rememberPlacedOrder(window.sessionStorage, placed);
      else reportPurchase(window.sessionStorage, placed);
      // A kiosk order is paid later, in cash, with the reference the result page shows.
      if (order.payment_url && order.payment_method !== 'kiosk') window.location.assign(order.payment_url);
      else router.push(`/?order_id=${encodeURIComponent(order.order_number)}`);
    } catch (error) {
      setPlacing(false);
      const stock = readStockConflict(error);
      if (stock) {
        setConflict(stock);
        announceCartChanged();
        return;
      }
      const rest = signedIn ? error : placeFieldErrors(guestForm, error, aliases);
      if (rest !== null) handleError(rest);
    }
  }

  const placeSignedIn = () => {
    if (!address) {
      showToast('error', t('chooseAddress'));
      return;
    }
    void submit({ address: address.id, promo_code: promotion?.code, use_points: usePoints || undefined });
  };

  const placeAsGuest = guestForm.handleSubmit(({ email, name, phone, ...fields }) => {
    if (otp.length !== CODE_LENGTH) {
      showToast('error', t('verifyPhone'));
      return;
    }
    void submit(
      {
        guest: { name, phone, email },
        address: { ...fields, name, phone },
        items: guestItems,
        promo_code: guestPromotion?.code,
        otp,
      },
      {
        'guest.name': 'name',
        'guest.phone': 'phone',
        'guest.email': 'email',
        'address.region': 'region',
        'address.city': 'city',
        'address.street': 'street',
      },
    );
  });

  // A signed-in shopper's profile fills a new address and holds the points balance, and their extras come from the
  // server: wait for them.
  if (signedIn && (!user || !checkoutExtras.extras)) {
    return <CheckoutLoading />;
  }

  return (
    // Room at the end on phones and tablets for the bar that keeps the total and the button in view.
    <div className="grid items-start gap-8 max-lg:pb-28 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex flex-col gap-6">
        {!signedIn && (
          <p className="rounded-xl border border-line bg-night px-4 py-3 text-sm text-mist">
            {t('signInPrompt')}{' '}
            <Link href={{ pathname: '/login', query: { next: '/checkout' } }} className="text-link">
              {t('signIn')}
            </Link>
          </p>
        )}
        <CheckoutSection title={t('delivery')}>
          {signedIn ? (
            <AddressPicker regions={regions} selected={address} onSelect={setAddress} preferredId={draft.addressId} />
          ) : (
            <form id="guest-checkout" onSubmit={placeAsGuest} noValidate className="flex flex-col gap-4">
              <AddressFields form={guestForm} regions={regions} />
              <FormField
                form={guestForm}
                name="email"
                label={t('emailOptional')}
                required={false}
                upperCase={false}
                {...FIELD_KINDS.email}
              />
            </form>
          )}
          <DeliveryPromise regionId={regionId} choosable={false} className="mt-4" />
        </CheckoutSection>
        {!signedIn && (
          <CheckoutSection title={t('phoneCheck')}>
            <PhoneCheck
              phoneShown={guestMobile ? displayPhone(guestMobile) : null}
              onSend={sendCode}
              otp={otp}
              onOtpChange={setOtp}
              codeLength={CODE_LENGTH}
            />
          </CheckoutSection>
        )}
        <CheckoutSection title={t('promo')}>
          <PromoCodeBox
            applied={promotion}
            onApply={applyCode}
            onRemove={removeCode}
            blockedReason={!signedIn && otp.length !== CODE_LENGTH ? t('guestCodeFirst') : null}
          />
        </CheckoutSection>
        {signedIn && (
          <CheckoutSection title={t('points')}>
            <PointsChoice
              balance={user?.points ?? 0}
              worth={Math.round((user?.points ?? 0) * rates.pointValue * 100) / 100}
              pointsEarned={totals.pointsEarned}
              checked={usePoints}
              onChange={setUsePoints}
            />
          </CheckoutSection>
        )}
        <CheckoutSection title={t('gift.title')}>
          <GiftChoice
            value={gift}
            onChange={({ wrap, message }) => checkoutExtras.change({ ...extras, gift_wrap: wrap, gift_message: message })}
            fee={rates.giftWrapFee}
          />
        </CheckoutSection>
        <CheckoutSection title={t('payment')}>
          <PaymentChoice
            value={method}
            onChange={setPaymentMethod}
            options={payments}
            total={totals.total}
            walletPhone={walletPhone}
            onWalletPhoneChange={setWalletPhone}
          />
          <div className="flex flex-col gap-1.5 text-sm text-mist">
            {/* Labelled by its own element: a label around it would take the typed text into its name. */}
            <label htmlFor={notesId}>{t('notes')}</label>
            <textarea
              id={notesId}
              value={notes}
              onChange={(event) => checkoutExtras.change({ ...extras, notes: event.target.value })}
              maxLength={ORDER_NOTES_MAX}
              rows={2}
              className="rounded-xl border border-line bg-ink p-3 text-base text-cream focus:border-gold focus:outline-none"
            />
          </div>
        </CheckoutSection>
      </div>
      <CheckoutSummary
        lines={lines}
        totals={totals}
        promoCode={promotion?.code ?? null}
        earnsPoints={signedIn}
        notice={conflict && <StockConflictNotice lines={conflict} />}
      >
        <button
          type={signedIn ? 'button' : 'submit'}
          form={signedIn ? undefined : 'guest-checkout'}
          onClick={signedIn ? placeSignedIn : undefined}
          disabled={placing}
          aria-busy={placing || undefined}
          className="btn-gold h-12 w-full text-base"
        >
          {placing ? t('placing') : t(method === 'cod' || method === 'kiosk' ? 'placeOrder' : 'payNow')}
        </button>
      </CheckoutSummary>
    </div>
  );
}
