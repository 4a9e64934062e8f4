/**
 * The stock alert's form (stock-alert.tsx), the same whether waiting for its code or working. A product page that
 * opens on a sold-out product gets it from the server (detail-layout.tsx), disabled, as a guest sees it, until the
 * form's code has come (buy-box.tsx): the buying area keeps its height, and nothing is sent without the code.
 */
import type { useTranslations } from 'next-intl';
import type { FormEventHandler } from 'react';
import { FIELD_INPUT, FieldFrame } from '../account/field-frame';
import { BellIcon } from '../header/bell-icon';

/** One stock alert a page (the product's buying area): fixed ids, the same on the server's form and the working one. */
const ID = 'stock-alert';

type StockAlertFieldsProps = {
  t: ReturnType<typeof useTranslations<'common.alerts'>>;
  /** The whole product is sold out (not only the size chosen). */
  wholeProduct: boolean;
  /** Absent: the form as the server sends it, waiting for its code, field and button disabled. */
  live?: {
    /** A guest gives an e-mail or a mobile number; a signed-in shopper's account is told. */
    askContact: boolean;
    contact: string;
    onContactChange: (contact: string) => void;
    error: string | undefined;
    onSubmit: FormEventHandler<HTMLFormElement>;
    sending: boolean;
  };
};

export function StockAlertFields({ t, wholeProduct, live }: StockAlertFieldsProps) {
  return (
    <form
      onSubmit={live?.onSubmit}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-night p-4"
      aria-labelledby={`${ID}-title`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${ID}-title`} className="text-base font-semibold text-cream">
          {t('notifyTitle')}
        </h2>
        <p className="text-sm text-mist">{t(wholeProduct ? 'notifyIntro' : 'notifySizeIntro')}</p>
      </div>
      {(live?.askContact ?? true) && (
        <div className="flex flex-col gap-1.5">
          <FieldFrame id={`${ID}-contact`} label={t('contactLabel')} upperCase hint={t('contactHint')} error={live?.error}>
            {({ describedBy, invalid }) => (
              <input
                id={`${ID}-contact`}
                name="contact"
                type="text"
                dir="ltr"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                disabled={!live}
                value={live?.contact}
                onChange={live && ((event) => live.onContactChange(event.target.value))}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={`${FIELD_INPUT} rtl:text-end`}
              />
            )}
          </FieldFrame>
        </div>
      )}
      <button type="submit" disabled={!live || live.sending} className="btn-gold flex-1 py-3 text-base">
        <BellIcon size={20} />
        {t('notifyMe')}
      </button>
    </form>
  );
}
