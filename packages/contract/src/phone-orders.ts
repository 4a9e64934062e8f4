/**
 * Orders taken by phone in the back office: staff find the caller by their mobile number (an account, or a new
 * customer who orders as a guest), pick products and offers from the catalogue, and place the order under the
 * storefront's rules (stock, delivery fees, promotions, points) with the same Idempotency-Key. Cash on delivery, or
 * online through a payment link sent to the caller (decision 0060).
 */
import { z } from 'zod';
import { EgyptianMobile } from './accounts';
import { Address, GuestIdentity, GuestOrderItem, GuestOrderRequest, OrderStatus } from './checkout';
import { Id, Locale, Money } from './common';
import { ORDER_NOTES_MAX } from './rules/order-texts';
import { PhoneOrderPaymentMethod } from './payment-links';

/** `GET /api/staff/customers/lookup/?phone=`: any way an Egyptian mobile is written. */
export const StaffCustomerLookupQuery = z.object({ phone: EgyptianMobile });

export const StaffCustomerLookup = z.object({
  /** The number as the shop keeps it (E.164). */
  phone: z.string(),
  /** The shopper account with this number, if there is one. */
  account: z
    .object({
      id: Id,
      name: z.string(),
      email: z.string().nullable(),
      points: z.number().int().nonnegative(),
      addresses: z.array(Address),
    })
    .nullable(),
  /** The latest orders placed by or for this number (web or phone), newest first, at most five. */
  recent_orders: z.array(
    z.object({
      id: Id,
      order_number: z.string(),
      status: OrderStatus,
      total: Money,
      created_at: z.iso.datetime({ offset: true }),
      customer_name: z.string(),
    }),
  ),
});
export type StaffCustomerLookup = z.infer<typeof StaffCustomerLookup>;

/** A new customer's delivery address, as a guest gives it at checkout. */
const NewAddress = GuestOrderRequest.shape.address;

/** `POST /api/staff/orders/phone/` (with an `Idempotency-Key`): placed for an account or for a new customer. */
export const StaffPhoneOrderRequest = z
  .object({
    /** `{user}`: an account found by the look-up; otherwise the caller's name, mobile and optional e-mail. */
    customer: z.union([z.object({ user: Id }), GuestIdentity]),
    /** One of the account's saved addresses, or the address itself. */
    address: z.union([Id, NewAddress]),
    items: z.array(GuestOrderItem).min(1).max(50),
    promo_code: z.string().trim().max(64).optional(),
    /** An account's points, as the caller asks: true for as many as the order allows, or a number. */
    use_points: z.union([z.boolean(), z.number().int().min(0).max(10_000_000)]).optional(),
    notes: z.string().trim().max(ORDER_NOTES_MAX).optional(),
    /** Cash on delivery, or a method the shop takes online: the caller is then sent a payment link. */
    payment_method: PhoneOrderPaymentMethod.default('cod'),
    /** The language the customer's messages go out in. */
    language: Locale,
  })
  .superRefine((order, ctx) => {
    const account = 'user' in order.customer;
    if (typeof order.address === 'number' && !account)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'A new customer has no saved addresses: give the address.' });
    if (order.use_points && !account) ctx.addIssue({ code: 'custom', path: ['use_points'], message: 'Only an account has points to use.' });
  });
export type StaffPhoneOrderRequest = z.infer<typeof StaffPhoneOrderRequest>;
export type StaffPhoneOrderInput = z.input<typeof StaffPhoneOrderRequest>;
