/**
 * One component per kind of e-mail, in the shopper's language (texts from the API catalogue, amounts with `money`),
 * laid out with the shop's parts (parts.tsx). emails.ts renders them into the HTML and plain-text parts.
 */
import type { ReactNode } from 'react';
import type { Locale } from '@attar/contract';
import { addressDirection, addressLines, type AddressPiece } from '@attar/contract/rules';
import { addressLabels, count, money, text } from '../i18n/catalogue';
import {
  Action,
  CodeBox,
  Divider,
  FooterLink,
  Frame,
  InLanguage,
  LabelledRow,
  Ltr,
  OwnDirection,
  Paragraph,
  Picture,
  Subtitle,
  Title,
} from './parts';

export type AccountCodePurpose = 'verify_email' | 'password_reset' | 'change_email' | 'delete_account';

type Shell = { locale: Locale; preview: string; reason?: ReactNode; children: ReactNode };

/** The frame with the shop's footer in the message's language. */
const ShopFrame = ({ locale, preview, reason, children }: Shell) => (
  <Frame locale={locale} preview={preview} footer={text(locale, 'emailFooter')} reason={reason ?? text(locale, 'emailFooterReason')}>
    {children}
  </Frame>
);

export function CodeMessage({ locale, name, code, purpose }: { locale: Locale; name: string; code: string; purpose: AccountCodePurpose }) {
  const intro = text(locale, `emailCodeIntro_${purpose}`);
  return (
    <ShopFrame locale={locale} preview={intro}>
      <Paragraph>{text(locale, 'emailGreeting', { name })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <CodeBox code={code} />
      <Paragraph>{text(locale, 'emailCodeExpiry')}</Paragraph>
      <Paragraph muted>{text(locale, 'emailCodeIgnore')}</Paragraph>
    </ShopFrame>
  );
}

export function BackInStockMessage(props: { locale: Locale; name: string; productUrl: string; imageUrl?: string | null }) {
  const { locale, name } = props;
  const intro = text(locale, 'backInStockIntro', { name });
  return (
    <ShopFrame locale={locale} preview={intro} reason={text(locale, 'backInStockReason')}>
      <Title>{text(locale, 'backInStockSubject', { name })}</Title>
      {props.imageUrl ? <Picture src={props.imageUrl} alt={name} /> : null}
      <Paragraph>{intro}</Paragraph>
      <Action href={props.productUrl}>{text(locale, 'backInStockButton')}</Action>
    </ShopFrame>
  );
}

export type OrderLine = { name: string; sizeMl: number | null; quantity: number; unitPiastres: number };
export type OrderAddress = {
  name: string;
  phone: string;
  street: string;
  building?: string | null;
  floor?: string | null;
  apartment?: string | null;
  landmark?: string | null;
  city: string;
  region: string;
};
/** An order as its e-mails show it, names already in the message's language. */
export type OrderSummary = {
  number: string;
  lines: OrderLine[];
  subtotalPiastres: number;
  deliveryFeePiastres: number;
  giftWrapFeePiastres: number;
  discountPiastres: number;
  pointsUsed: number;
  pointsDiscountPiastres: number;
  totalPiastres: number;
  address: OrderAddress;
  /** The payment line: the method's name and where its payment stands (messages/payment-told.ts). */
  paymentLine: string;
  courier: { name: string; tracking: string } | null;
  /** "Arrives Sun 30 Nov – Tue 2 Dec": the promise made when it was placed, while it is on its way; else null. */
  arrival: string | null;
};

const lineName = (locale: Locale, line: OrderLine) =>
  line.sizeMl ? `${line.name} · ${text(locale, 'sizeName', { ml: count(locale, line.sizeMl) })}` : line.name;

/**
 * A piece of the address block: a value left to right, typed words in their own direction; the isolate characters
 * inside keep the same order in the e-mail's plain-text part.
 */
function AddressPart({ piece }: { piece: AddressPiece }) {
  if (piece.ltr) return <bdi dir="ltr">{`\u2066${piece.text}\u2069`}</bdi>;
  if (piece.own) return <bdi>{`\u2068${piece.text}\u2069`}</bdi>;
  return <>{piece.text}</>;
}

function OrderDetails({ locale, order }: { locale: Locale; order: OrderSummary }) {
  const amount = (piastres: number) => money(locale, piastres);
  const lines = addressLines(order.address, locale, addressLabels(locale));
  return (
    <>
      {order.arrival ? (
        <Paragraph>
          <strong>{order.arrival}</strong>
        </Paragraph>
      ) : null}
      <Subtitle>{text(locale, 'orderLinesHeading')}</Subtitle>
      {order.lines.map((line, index) => (
        <LabelledRow
          key={index}
          locale={locale}
          label={
            <>
              {lineName(locale, line)}
              <br />
              <span style={{ color: '#6b6052', fontSize: '13px' }}>
                {text(locale, 'orderLineQuantity', { quantity: count(locale, line.quantity), price: amount(line.unitPiastres) })}
              </span>
            </>
          }
          value={amount(line.unitPiastres * line.quantity)}
        />
      ))}
      <Divider />
      <LabelledRow locale={locale} label={text(locale, 'orderSubtotal')} value={amount(order.subtotalPiastres)} />
      <LabelledRow
        locale={locale}
        label={text(locale, 'orderDeliveryFee')}
        value={order.deliveryFeePiastres === 0 ? text(locale, 'orderFree') : amount(order.deliveryFeePiastres)}
      />
      {order.giftWrapFeePiastres > 0 ? (
        <LabelledRow locale={locale} label={text(locale, 'orderGiftWrap')} value={amount(order.giftWrapFeePiastres)} />
      ) : null}
      {order.discountPiastres > 0 ? (
        <LabelledRow locale={locale} label={text(locale, 'orderDiscount')} value={`−${amount(order.discountPiastres)}`} />
      ) : null}
      {order.pointsUsed > 0 ? (
        <LabelledRow
          locale={locale}
          label={text(locale, 'orderPointsUsed', { points: count(locale, order.pointsUsed) })}
          value={`−${amount(order.pointsDiscountPiastres)}`}
        />
      ) : null}
      <LabelledRow locale={locale} label={text(locale, 'orderTotal')} value={amount(order.totalPiastres)} strong />
      <Subtitle>{text(locale, 'orderAddressHeading')}</Subtitle>
      <OwnDirection dir={addressDirection(lines, locale)}>
        <Paragraph>
          {lines.map((line, index) => (
            <span key={line.part}>
              {index > 0 ? <br /> : null}
              {line.pieces.map((piece, at) => (
                <AddressPart key={at} piece={piece} />
              ))}
            </span>
          ))}
        </Paragraph>
      </OwnDirection>
      <Subtitle>{text(locale, 'orderPaymentHeading')}</Subtitle>
      <Paragraph>{order.paymentLine}</Paragraph>
    </>
  );
}

/** An order's e-mail: what happened (its confirmation, a status change, a return or refund), then the order itself. */
export function OrderMessageEmail(props: {
  locale: Locale;
  headline: string;
  message: string;
  order: OrderSummary;
  ordersUrl: string | null;
  /** The order's signed tracking page (orders/tracking.ts). */
  trackingUrl: string;
}) {
  const { locale, order } = props;
  return (
    <ShopFrame locale={locale} preview={props.message}>
      <Title>{props.headline}</Title>
      <Paragraph>{props.message}</Paragraph>
      {order.courier ? (
        <>
          <Subtitle>{text(locale, 'orderTrackingHeading')}</Subtitle>
          <LabelledRow locale={locale} label={text(locale, 'orderCourier')} value={order.courier.name} />
          <LabelledRow locale={locale} label={text(locale, 'orderTrackingNumber')} value={<Ltr>{order.courier.tracking}</Ltr>} />
        </>
      ) : null}
      <OrderDetails locale={locale} order={order} />
      <Action href={props.trackingUrl}>{text(locale, 'orderTrackLink')}</Action>
      {props.ordersUrl ? <Action href={props.ordersUrl}>{text(locale, 'orderSeeOrders')}</Action> : null}
    </ShopFrame>
  );
}

export function NewsletterConfirmMessage({ locale, confirmUrl, days }: { locale: Locale; confirmUrl: string; days: number }) {
  const intro = text(locale, 'newsletterConfirmIntro');
  return (
    <ShopFrame locale={locale} preview={intro} reason={text(locale, 'newsletterConfirmIgnore')}>
      <Title>{text(locale, 'newsletterConfirmSubject')}</Title>
      <Paragraph>{intro}</Paragraph>
      <Action href={confirmUrl}>{text(locale, 'newsletterConfirmButton')}</Action>
      <Paragraph muted>{text(locale, 'newsletterConfirmExpiry', { days: count(locale, days) })}</Paragraph>
    </ShopFrame>
  );
}

/** A newsletter: its title and paragraphs (blank lines part them), with the unsubscribe link in the footer. */
export function NewsletterMessage({
  locale,
  title,
  body,
  unsubscribeUrl,
}: {
  locale: Locale;
  title: string;
  body: string;
  unsubscribeUrl: string;
}) {
  const paragraphs = body.split(/\n\s*\n/).filter((part) => part.trim());
  const reason = (
    <>
      {text(locale, 'newsletterReason')} <FooterLink href={unsubscribeUrl}>{text(locale, 'newsletterUnsubscribeLink')}</FooterLink>
    </>
  );
  return (
    <ShopFrame locale={locale} preview={paragraphs[0] ?? title} reason={reason}>
      <Title>{title}</Title>
      {paragraphs.map((paragraph, index) => (
        <Paragraph key={index}>
          {paragraph.split('\n').map((line, at) => (
            <span key={at}>
              {at > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Paragraph>
      ))}
    </ShopFrame>
  );
}

/** One language's part of an e-mail to the shop's staff: a title, lines, and a link into the back office. */
export type ShopPart = { locale: Locale; title: string; lines: string[]; link: { href: string; label: string } };

/** An e-mail to the shop's own staff, in English and Arabic together (new orders, low stock). */
export function ShopMessage({ parts }: { parts: ShopPart[] }) {
  const first = parts[0]!;
  return (
    <Frame
      locale={first.locale}
      preview={first.lines[0] ?? first.title}
      footer={text(first.locale, 'emailFooter')}
      reason={text(first.locale, 'shopEmailHeading')}
    >
      {parts.map((part, index) => (
        <InLanguage key={part.locale} locale={part.locale}>
          {index > 0 ? <Divider /> : null}
          <Title>{part.title}</Title>
          {part.lines.map((line, at) => (
            <Paragraph key={at}>{line}</Paragraph>
          ))}
          <Action href={part.link.href}>{part.link.label}</Action>
        </InLanguage>
      ))}
    </Frame>
  );
}
