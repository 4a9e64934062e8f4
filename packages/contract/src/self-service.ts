/**
 * The shopper's own account and data (Egypt's Personal Data Protection Law no. 151 of 2020): changing the
 * e-mail or phone with a code sent to the NEW address, deleting the account with a code, signing out everywhere and
 * the export of everything the shop holds about the shopper.
 */
import { z } from 'zod';
import { Email, EgyptianMobile, PointsEntry, User, VerificationCode } from './accounts';
import { CartExtras } from './cart';
import { Address } from './checkout';
import { Id, Money } from './common';

/** `POST /api/users/me/email/send_code/`: a `change_email` code goes to the new address. */
export const EmailChangeRequest = z.object({ email: Email });
export type EmailChangeRequest = z.input<typeof EmailChangeRequest>;
/** `POST /api/users/me/email/change/`: with the code, the new address replaces the old one, verified. */
export const EmailChangeConfirm = z.object({ email: Email, code: VerificationCode });
export type EmailChangeConfirm = z.input<typeof EmailChangeConfirm>;

/** `POST /api/users/me/phone/send_code/`: a `change_phone` code goes to the new number by SMS. */
export const PhoneChangeRequest = z.object({ phone: EgyptianMobile });
export type PhoneChangeRequest = z.input<typeof PhoneChangeRequest>;
/** `POST /api/users/me/phone/change/`: with the code, the new number replaces the old one, verified. */
export const PhoneChangeConfirm = z.object({ phone: EgyptianMobile, code: VerificationCode });
export type PhoneChangeConfirm = z.input<typeof PhoneChangeConfirm>;

/**
 * `POST /api/users/me/delete/send_code/` answers where the `delete_account` code went: the e-mail, unless only the
 * phone is verified (then by SMS). `to` is that address or number.
 */
export const AccountDeletionCodeSent = z.object({ detail: z.string(), channel: z.enum(['email', 'sms']), to: z.string() });
export type AccountDeletionCodeSent = z.infer<typeof AccountDeletionCodeSent>;
/** `DELETE /api/users/me/` `{code}` → 204. */
export const AccountDeletionRequest = z.object({ code: VerificationCode });
export type AccountDeletionRequest = z.input<typeof AccountDeletionRequest>;

const timestamp = z.iso.datetime({ offset: true });

export const ExportedOrderLine = z.object({
  name: z.string(),
  size_ml: z.number().int().nullable(),
  quantity: z.number().int(),
  price: Money,
});

export const ExportedOrder = z.object({
  order_number: z.string(),
  status: z.string(),
  created_at: timestamp,
  payment_method: z.string(),
  /** The address as it was when the order was placed. */
  address: z.record(z.string(), z.unknown()),
  subtotal: Money,
  delivery_fee: Money,
  discount: Money,
  points_used: z.number().int(),
  points_earned: z.number().int(),
  total: Money,
  notes: z.string(),
  gift_message: z.string().nullable(),
  lines: z.array(ExportedOrderLine),
});

/** `GET /api/users/me/export/`: every piece of the shopper's data, as the shopper's own copy. */
export const DataExport = z.object({
  exported_at: timestamp,
  profile: User,
  addresses: z.array(Address),
  orders: z.array(ExportedOrder),
  points: z.array(PointsEntry),
  favourites: z.array(z.object({ product: z.string(), added_at: timestamp })),
  cart: z.array(z.object({ name: z.string(), size_ml: z.number().int().nullable(), quantity: z.number().int(), added_at: timestamp })),
  /** The gift wrap, gift message and notes kept with the cart for checkout; null when none are. */
  cart_extras: CartExtras.extend({ updated_at: timestamp }).nullable(),
  reviews: z.array(
    z.object({
      product: z.string(),
      rating: z.number().int(),
      body: z.string(),
      locale: z.string(),
      created_at: timestamp,
      updated_at: timestamp,
      reply: z.string().nullable(),
    }),
  ),
  review_votes: z.array(z.object({ review: Id, created_at: timestamp })),
  stock_alerts: z.array(z.object({ product: z.string(), size_ml: z.number().int().nullable(), created_at: timestamp })),
  notifications: z.array(
    z.object({ kind: z.string(), params: z.record(z.string(), z.unknown()), created_at: timestamp, read_at: timestamp.nullable() }),
  ),
  newsletter: z
    .object({ email: z.string(), subscribed_at: timestamp, confirmed_at: timestamp.nullable(), unsubscribed_at: timestamp.nullable() })
    .nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
