'use client';
/** The checkout's smaller choices: gift, way to pay, loyalty points, promo code, and a guest's phone code. */
import type { PaymentMethod } from '@attar/contract';
import { canPayWith, GIFT_MESSAGE_MAX, type PaymentOptions as PaymentRule } from '@attar/contract/rules';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import type { Promotion } from '@/lib/api/checkout';
import { errorMessage } from '@/lib/errors';
import { toAsciiDigits } from '@/lib/mobile-number';
import { FIELD_LABEL } from '../account/field-frame';
import { usePriceText } from '../price';
import { useFormatNumber } from '../use-format-number';

export type { PaymentMethod };

/** The ways to pay the shop takes (site config), and the smallest total valU takes, in pounds. */
export type PaymentOptions = PaymentRule<PaymentMethod>;

/** One titled block of the checkout form. */
export function CheckoutSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl border border-line bg-night p-5">
      <h2 id={id} className="text-lg font-semibold text-cream">
        {title}
      </h2>
      {children}
    </section>
  );
}

type PaymentChoiceProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  options: PaymentOptions;
  /** The order's total so far, in pounds: valU takes orders from its minimum. */
  total: number;
  /** The wallet's number as typed (empty: the delivery phone). */
  walletPhone: string;
  onWalletPhoneChange: (phone: string) => void;
};

export function PaymentChoice({ value, onChange, options, total, walletPhone, onWalletPhoneChange }: PaymentChoiceProps) {
  const t = useTranslations('common.checkout');
  const priceText = usePriceText();
  const name = useId();
  const walletId = useId();
  const walletHintId = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t('payment')}</legend>
      {options.methods.map((method) => {
        const usable = canPayWith(method, options, total);
        return (
          <div key={method} className="flex flex-col gap-3 rounded-xl border border-line bg-ink p-4 has-checked:border-gold">
            <label className={`flex gap-3 ${usable ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'}`}>
              <input
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                disabled={!usable}
                onChange={() => onChange(method)}
                className="mt-1 size-4 accent-gold"
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-cream">{t(`methods.${method}`)}</span>
                <span className="text-sm text-mist">
                  {usable ? t(`methods.${method}Note`) : t('methods.valuFrom', { amount: priceText(options.valuMin) })}
                </span>
              </span>
            </label>
            {method === 'wallet' && value === 'wallet' && (
              <div className="flex flex-col gap-1.5 ps-7">
                <label htmlFor={walletId} className={FIELD_LABEL}>
                  {t('walletPhone')}
                </label>
                <input
                  id={walletId}
                  value={walletPhone}
                  onChange={(event) => onWalletPhoneChange(toAsciiDigits(event.target.value))}
                  inputMode="tel"
                  autoComplete="tel-national"
                  dir="ltr"
                  aria-describedby={walletHintId}
                  className="h-12 rounded-xl border border-line bg-night px-4 text-cream focus:border-gold focus:outline-none rtl:text-end"
                />
                <p id={walletHintId} className="text-xs text-mist">
                  {t('walletPhoneHint')}
                </p>
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

type GiftChoiceProps = {
  value: { wrap: boolean; message: string };
  onChange: (gift: { wrap: boolean; message: string }) => void;
  /** The wrap's fee, in pounds. */
  fee: number;
};

/** Wrap the order as a gift, and a message for the card in the box (both optional). */
export function GiftChoice({ value, onChange, fee }: GiftChoiceProps) {
  const t = useTranslations('common.checkout.gift');
  const priceText = usePriceText();
  const formatNumber = useFormatNumber();
  const messageId = useId();
  const countId = useId();
  return (
    <div className="flex flex-col gap-3">
      <label className="flex cursor-pointer items-center gap-3 text-cream">
        <input
          type="checkbox"
          checked={value.wrap}
          onChange={(event) => onChange({ ...value, wrap: event.target.checked })}
          className="size-4 accent-gold"
        />
        {t('wrap', { fee: priceText(fee) })}
      </label>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className={FIELD_LABEL}>
          {t('message')}
        </label>
        <textarea
          id={messageId}
          value={value.message}
          onChange={(event) => onChange({ ...value, message: event.target.value })}
          maxLength={GIFT_MESSAGE_MAX}
          rows={3}
          dir="auto"
          aria-describedby={countId}
          className="rounded-xl border border-line bg-ink p-3 text-base text-cream focus:border-gold focus:outline-none"
        />
        <p id={countId} className="text-xs text-mist">
          {t('messageNote', {
            count: GIFT_MESSAGE_MAX - value.message.length,
            shown: formatNumber(GIFT_MESSAGE_MAX - value.message.length),
          })}
        </p>
      </div>
    </div>
  );
}

type PointsChoiceProps = { balance: number; worth: number; pointsEarned: number; checked: boolean; onChange: (use: boolean) => void };

/** Spend the whole useful balance or none (the API caps it at what remains to pay). */
export function PointsChoice({ balance, worth, pointsEarned, checked, onChange }: PointsChoiceProps) {
  const t = useTranslations('common.checkout');
  const formatNumber = useFormatNumber();
  const priceText = usePriceText();
  if (balance <= 0) return <p className="text-sm text-mist">{t('noPoints', { count: pointsEarned, shown: formatNumber(pointsEarned) })}</p>;
  return (
    <label className="flex cursor-pointer items-center gap-3 text-cream">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-gold" />
      {t('usePoints', { count: balance, shown: formatNumber(balance), amount: priceText(worth) })}
    </label>
  );
}

type PromoCodeBoxProps = {
  applied: Promotion | null;
  /** Applies (or replaces) the code; rejects with the server's body when the code cannot be used. */
  onApply: (code: string) => Promise<void>;
  onRemove: () => Promise<void>;
  /** Why the box cannot be used yet (a guest must confirm their number first), or null. */
  blockedReason: string | null;
};

/**
 * The applied code with a way to take it off, and a field to type one (another one replaces it only once it is
 * accepted). A refusal shows under the field, beside the toast every error gets.
 */
export function PromoCodeBox({ applied, onApply, onRemove, blockedReason }: PromoCodeBoxProps) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const priceText = usePriceText();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const refusalId = useId();

  async function apply() {
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    try {
      await onApply(typed);
      setCode('');
      setRefusal(null);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await onRemove();
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [blockedReason && noteId, refusal && refusalId].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-3">
      {applied && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm">
          <p role="status" className="text-cream">
            {applied.discount_kind === 'amount'
              ? t.rich('checkout.codeAppliedAmount', {
                  code: applied.code,
                  amount: priceText(applied.amount_off ?? 0),
                  ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                })
              : t.rich('checkout.codeApplied', {
                  code: applied.code,
                  percent: formatNumber(applied.percent_discount),
                  ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                })}
          </p>
          <button type="button" onClick={remove} disabled={busy} className="text-link">
            {t.rich('checkout.removeCode', { code: applied.code, ltr: (chunks) => <bdi dir="ltr">{chunks}</bdi> })}
          </button>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className={FIELD_LABEL}>
          {t(applied ? 'checkout.otherCode' : 'account.fields.promoCode')}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setRefusal(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
            dir="ltr"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={describedBy || undefined}
            className="h-12 min-w-0 flex-1 rounded-xl border border-line bg-ink px-4 text-cream uppercase focus:border-gold focus:outline-none aria-invalid:border-danger rtl:text-end"
          />
          <button type="button" onClick={apply} disabled={busy || Boolean(blockedReason) || !code.trim()} className="btn-outline h-12">
            {busy ? t('account.form.wait') : t('checkout.applyCode')}
          </button>
        </div>
        {refusal && (
          <p id={refusalId} className="text-sm text-danger">
            {refusal}
          </p>
        )}
        {blockedReason && (
          <p id={noteId} className="text-sm text-mist">
            {blockedReason}
          </p>
        )}
      </div>
    </div>
  );
}

type PhoneCheckProps = {
  /** The number the code goes to, as shown; null while the typed number is not valid. */
  phoneShown: string | null;
  /** Sends the code; rejects with the server's body. */
  onSend: () => Promise<void>;
  otp: string;
  onOtpChange: (otp: string) => void;
  codeLength: number;
};

/** A guest confirms their mobile number with a code sent by SMS (the order carries the code). */
export function PhoneCheck({ phoneShown, onSend, otp, onOtpChange, codeLength }: PhoneCheckProps) {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function send() {
    setBusy(true);
    try {
      await onSend();
      setSentTo(phoneShown);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-mist">{t('checkout.phoneCheckNote', { length: formatNumber(codeLength) })}</p>
      <button type="button" onClick={send} disabled={busy || !phoneShown} className="btn-outline self-start">
        {busy ? t('account.form.wait') : t(sentTo ? 'checkout.resendCode' : 'checkout.sendCode')}
      </button>
      {sentTo && (
        <>
          <p role="status" className="text-sm text-cream">
            {t.rich('checkout.codeSent', { phone: sentTo, ltr: (number) => <span dir="ltr">{number}</span> })}
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className={FIELD_LABEL}>
              {t('account.fields.code')}
            </label>
            <input
              id={inputId}
              value={otp}
              onChange={(event) => onOtpChange(toAsciiDigits(event.target.value).replace(/\D/g, '').slice(0, codeLength))}
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={codeLength}
              className="h-12 w-48 rounded-xl border border-line bg-ink px-4 text-lg tracking-[0.3em] text-cream focus:border-gold focus:outline-none"
            />
          </div>
        </>
      )}
    </div>
  );
}
