'use client';
/**
 * The cart page's lines (bag-contents.tsx shows them once the cart holds any), for a guest or a signed-in shopper:
 * quantity steppers (a change posts the line again and reads the cart again) and remove buttons, then the totals,
 * the free-shipping progress and the loyalty points. Prices and changes only for visitors in Egypt.
 */
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { lineKey } from '@/lib/cart/cart-lines';
import { lineTotal } from '@/lib/cart/cart-totals';
import { stepWithin } from '@/lib/quantity-limits';
import { useApp } from '../app/app-provider';
import { CartLineSummary, RemoveLineButton, useLineName } from '../cart/cart-line-summary';
import { useCart } from '../cart/cart-provider';
import { Price } from '../price';
import { QuantityStepper } from '../product/quantity-stepper';
import { useFormatNumber } from '../use-format-number';
import { BagSummary } from './bag-summary';

export function BagLines() {
  const t = useTranslations('common');
  const formatNumber = useFormatNumber();
  const lineName = useLineName();
  const { isEgypt } = useApp();
  const { cart, setQuantity, removeLine } = useCart();
  const loading = cart.status === 'loading';

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-4">
        {!isEgypt && <p className="rounded-xl border border-line bg-night px-4 py-3 text-sm text-mist">{t('price.egyptOnly')}</p>}
        <ul className="flex flex-col gap-3">
          {cart.lines.map((line) => {
            const { item } = line;
            return (
              // Small screens: picture, name and trash on the first row, stepper and line total below the name.
              <li
                key={lineKey(line)}
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-2xl border border-line bg-night p-3 sm:flex sm:gap-4"
              >
                <CartLineSummary line={line} loading={loading} imageSize="md">
                  {isEgypt && item && <Price amount={item.price} className="text-sm text-gold" />}
                </CartLineSummary>
                <div className="col-start-2 row-start-2 justify-self-start">
                  {item && line.available ? (
                    <QuantityStepper
                      quantity={line.quantity}
                      limits={item.limits}
                      size="sm"
                      disabled={!isEgypt}
                      onDecrease={() => setQuantity(line, stepWithin(line.quantity, -1, item.limits))}
                      onIncrease={() => setQuantity(line, stepWithin(line.quantity, 1, item.limits))}
                    />
                  ) : (
                    <span className="tabular text-sm text-mist">{t('bag.quantity', { quantity: formatNumber(line.quantity) })}</span>
                  )}
                </div>
                {isEgypt && item && line.available && (
                  <Price
                    amount={lineTotal(item.price, line.quantity)}
                    className="col-start-3 row-start-2 min-w-24 text-end font-semibold text-cream"
                  />
                )}
                <RemoveLineButton
                  name={lineName(line)}
                  onRemove={() => removeLine(line)}
                  className="col-start-3 row-start-1 justify-self-end"
                />
              </li>
            );
          })}
        </ul>
        <Link href="/fragrances" className="btn-outline self-start">
          {t('bag.continue')}
        </Link>
      </div>
      {isEgypt && <BagSummary totals={cart.totals} />}
    </div>
  );
}
