import { z } from 'zod';
import { ParcelState } from './couriers';
import { Id, IdParam, INT4_MAX, Money } from './common';
import { AuthResponse, EgyptianMobile, Email, Password, PersonName, VerificationCode } from './accounts';
import { Offer, Product } from './catalog';
import { DeliveryPromiseDates } from './delivery';
import { OrderRefund, OrderReturn } from './returns';
import { PromotionTerms } from './promotions';
import { PAYMENT_METHODS } from './rules';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from './rules/order-texts';
import { ORDER_STATUSES } from './rules/order-status';

export const Region = z.object({ id: Id, name: z.string() });
export type Region = z.infer<typeof Region>;
export const City = z.object({ id: Id, name: z.string(), region: Id });
export type City = z.infer<typeof City>;
export const CityQuery = z.object({ region: IdParam });
export const FeeQuery = CityQuery;
export const Fee = z.object({ region: Id, fee: Money });
export type Fee = z.infer<typeof Fee>;

const text = (max: number) => z.string().trim().max(max);
const addressFields = {
  name: PersonName,
  phone: EgyptianMobile,
  region: Id,
  city: Id,
  street: text(200).min(1, { error: 'Enter the street.' }),
  building: text(50),
  floor: text(20),
  apartment: text(20),
  landmark: text(200),
  is_default: z.boolean(),
};
/** An address as the shopper enters it: governorate and city by id, an Egyptian mobile. */
export const AddressInput = z.object({
  ...addressFields,
  building: addressFields.building.default(''),
  floor: addressFields.floor.default(''),
  apartment: addressFields.apartment.default(''),
  landmark: addressFields.landmark.default(''),
  is_default: addressFields.is_default.default(false),
});
export type AddressInput = z.input<typeof AddressInput>;
/** PATCH: only the fields sent change (no defaults, so absent fields stay as they are). */
export const AddressPatch = z.object(addressFields).partial();

export const Address = z.object({
  id: Id,
  name: z.string(),
  phone: z.string(),
  region: Region,
  city: Region,
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  landmark: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof Address>;

export const AppliedPromotion = PromotionTerms;
export const PromoCodeParams = z.object({ code: z.string().max(64) });
export const GuestIdentity = z.object({ name: PersonName, phone: EgyptianMobile, email: Email.optional() });

export { ORDER_STATUSES };
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
export { PAYMENT_METHODS };
/**
 * Cash on delivery, or paid online through the gateway: a card, a mobile wallet (Vodafone Cash, Orange Cash, e& cash,
 * WE Pay), a reference paid in cash at a kiosk (Aman, Masary), or valU instalments. Which online methods a shop
 * offers is in `/api/siteconfigb/` (`payment_methods`).
 */
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const OrderItem = z.object({
  id: Id,
  product_obj: Product.nullable(),
  /** A product line's size when ordered (millilitres); null for an offer. */
  size_ml: z.number().int().positive().nullable(),
  /** A product line's size (the product's variant) ordered; null for an offer. */
  variant: Id.nullable().optional(),
  offer_obj: Offer.nullable(),
  quantity: z.number().int().positive(),
  /** Unit price when ordered. */
  price: Money,
  /** Points this line earns once delivered. */
  points: z.number().int().nonnegative(),
  /** Units refunded so far, and units in a return under way: the rest may still be returned. */
  refunded_quantity: z.number().int().nonnegative().optional(),
  return_quantity: z.number().int().nonnegative().optional(),
});
/** A status an order reached and when (`order_status_history`), oldest first. */
export const OrderTimelineEntry = z.object({ status: OrderStatus, at: z.iso.datetime({ offset: true }) });
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;
/**
 * Who carries the order: its tracking number, the courier's own tracking page when it has one (a courier handed the
 * parcel through its API, decision 0049), and where the parcel is as the courier last said.
 */
const Courier = z.object({
  name: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable().optional(),
  parcel_state: ParcelState.nullable().optional(),
});
export const OrderAddress = z.object({
  name: z.string(),
  phone: z.string(),
  region: Region,
  city: Region,
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  landmark: z.string(),
});
export const Order = z.object({
  id: Id,
  order_number: z.string(),
  status: OrderStatus,
  items: z.array(OrderItem),
  subtotal: Money,
  delivery_fee: Money,
  /** When it arrives, as promised when it was placed (decision 0037); null for orders placed before promises. */
  delivery_promise: DeliveryPromiseDates.nullable().optional(),
  discount: Money,
  points_used: z.number().int().nonnegative(),
  points_discount: Money,
  points_earned: z.number().int().nonnegative(),
  total: Money,
  payment_method: PaymentMethod,
  /** Where the shopper pays while the order waits for its payment (card, wallet, valU; a kiosk order in demo). */
  payment_url: z.string().nullable(),
  /** A kiosk order's reference, to pay in cash at any kiosk, while it waits for its payment; else null. */
  kiosk_reference: z.string().nullable().optional(),
  /**
   * A card order's payment: `refund_pending` from the moment a refund is asked of the gateway until it confirms it;
   * `refunded` is what has been given back so far. Null for cash on delivery.
   */
  payment: z
    .object({ status: z.enum(['pending', 'paid', 'declined', 'refund_pending', 'refunded']), refunded: Money })
    .nullable()
    .optional(),
  address: OrderAddress,
  /** A gift: wrapped (at `wrap_fee`, part of the total) and/or with a message for the card; null when not a gift. */
  gift: z.object({ wrap: z.boolean(), wrap_fee: Money, message: z.string().nullable() }).nullable().optional(),
  /** Who carries the order and its tracking number, once it is handed to a courier. */
  courier: Courier.nullable().optional(),
  promo_code: z.string().nullable(),
  notes: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  /** Until when the shopper may ask to return units of it; null when they cannot now (not delivered, window over,
   * nothing left to return, or a return under way). */
  returnable_until: z.iso.datetime({ offset: true }).nullable().optional(),
  returns: z.array(OrderReturn).optional(),
  refunds: z.array(OrderRefund).optional(),
  /** Money given back so far. */
  refunded: Money.optional(),
  /** Every status the order reached, oldest first. */
  timeline: z.array(OrderTimelineEntry).optional(),
  /**
   * What a paid order still owes after staff raised its total (decision 0062): its total less what its payments kept;
   * 0 when nothing is owed. The parcel is not handed over while it is owed.
   */
  balance_due: Money,
  /**
   * Only in the answer to the order's owner, while it owes a balance: the page of the payment link they were sent for
   * it, in the answer's language.
   */
  balance_payment_url: z.string().optional(),
  /**
   * Only in the answer to the guest who placed it: the order's signed tracking page, and the proof that lets that guest
   * keep the order in a new account (`POST /api/orders/claim/`, for a day).
   */
  guest_access: z.object({ tracking_url: z.string(), claim_token: z.string() }).optional(),
});
export type Order = z.infer<typeof Order>;

/**
 * An order as its signed tracking link shows it to anyone holding the link: no name, address, phone or amounts
 * (decision 0038).
 */
export const OrderTracking = z.object({
  order_number: z.string(),
  status: OrderStatus,
  created_at: z.iso.datetime({ offset: true }),
  items: z.array(z.object({ name: z.string(), size_ml: z.number().int().positive().nullable(), quantity: z.number().int().positive() })),
  /** The governorate it goes to. */
  region: Region,
  courier: Courier.nullable(),
  timeline: z.array(OrderTimelineEntry),
});
export type OrderTracking = z.infer<typeof OrderTracking>;
export const OrderTrackingQuery = z.object({ token: z.string().min(1).max(512) });

/**
 * A guest keeps an order in a new account: the proof from the order's answer, a password, and an e-mail address when
 * the order has none.
 */
export const GuestOrderClaimRequest = z.object({ token: z.string().min(1).max(512), password: Password, email: Email.optional() });
export type GuestOrderClaimRequest = z.input<typeof GuestOrderClaimRequest>;
export const GuestOrderClaimResponse = AuthResponse.extend({
  /** The orders the account now holds: this one and the guest's other orders placed on the web with that phone. */
  orders: z.array(z.string()),
});
export type GuestOrderClaimResponse = z.infer<typeof GuestOrderClaimResponse>;

const notes = z.string().trim().max(ORDER_NOTES_MAX).optional();
/** Wrap the order as a gift (at the site config's `gift_wrap_fee`) and/or put a message on a card in the box. */
export const GiftRequest = z.object({
  wrap: z.boolean(),
  message: z
    .string()
    .trim()
    .max(GIFT_MESSAGE_MAX, { error: `A gift message fits ${GIFT_MESSAGE_MAX} characters.` })
    .transform((value) => value || undefined)
    .optional(),
});
export type GiftRequest = z.infer<typeof GiftRequest>;
/** A wallet payment's number (the wallet's mobile); without it, the delivery address's phone. */
const walletPhone = EgyptianMobile.optional();
export const SignedInOrderRequest = z.object({
  address: Id,
  payment_method: PaymentMethod,
  wallet_phone: walletPhone,
  gift: GiftRequest.optional(),
  promo_code: z.string().trim().max(64).optional(),
  /** true: as many points as the order allows; a number: exactly that many (400 beyond the balance). */
  use_points: z.union([z.boolean(), z.number().int().min(0).max(10_000_000)]).optional(),
  notes,
});
export const GuestOrderItem = z
  .object({ product: Id.optional(), variant: Id.optional(), offer: Id.optional(), quantity: z.number().int().min(1).max(1000) })
  .refine((item) => (item.product === undefined) !== (item.offer === undefined), { error: 'Name a product or an offer.' })
  .refine((item) => item.variant === undefined || item.product !== undefined, { error: 'A size belongs to a product.' });
export type GuestOrderItem = z.infer<typeof GuestOrderItem>;
/**
 * The guest's cart, optional on a guest's promo-code calls: with it, a code whose minimum the cart does not reach or
 * that applies to none of its lines is refused there rather than when ordering.
 */
const guestPromoItems = z.array(GuestOrderItem).min(1).max(50).optional();
/** `code` optional: a guest without a promo code still proves the phone with a one-time code before ordering. */
export const GuestPromoOtpRequest = z.object({ phone: EgyptianMobile, code: z.string().trim().max(64).optional(), items: guestPromoItems });
export const CheckPromocodeRequest = z.object({
  phone: EgyptianMobile,
  code: z.string().trim().min(1).max(64),
  otp: VerificationCode,
  items: guestPromoItems,
});
export const GuestOrderRequest = z.object({
  guest: GuestIdentity,
  address: z.object(AddressInput.shape).omit({ is_default: true }),
  items: z.array(GuestOrderItem).min(1).max(50),
  payment_method: PaymentMethod,
  wallet_phone: walletPhone,
  gift: GiftRequest.optional(),
  promo_code: z.string().trim().max(64).optional(),
  /** The code sent to the guest's phone (POST /api/otp_guest_promocode/): proves the phone. */
  otp: VerificationCode,
  notes,
});
export const OrderRequest = z.union([GuestOrderRequest, SignedInOrderRequest]);

const statusList = z
  .union([OrderStatus, z.string()])
  .or(z.array(z.string()))
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = parts.find((p) => !(ORDER_STATUSES as readonly string[]).includes(p));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `Unknown status: ${bad}` });
      return z.NEVER;
    }
    return parts as OrderStatus[];
  });
export const OrderListQuery = z.object({
  status: statusList,
  status_not: statusList,
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
});
export const OrderNumberQuery = z.object({ number: z.string().trim().min(1).max(40) });
/** An in-store receipt: its number and the claim code printed beside it (both needed to see or claim it). */
export const InStoreReceiptRequest = OrderNumberQuery.extend({ claim_code: z.string().trim().min(1).max(20) });

/** 409 when stock vanished since the cart was filled: each short line and what is left; nothing was taken. */
export const StockConflictBody = z.object({
  detail: z.string(),
  code: z.literal('stock_conflict'),
  lines: z.array(
    z.object({
      kind: z.enum(['product', 'offer']),
      id: Id,
      /** The product's size that ran short (null for an offer), and its millilitres. */
      variant: Id.nullable(),
      size_ml: z.number().int().positive().nullable(),
      name: z.string(),
      requested: z.number().int(),
      available: z.number().int(),
    }),
  ),
});

export const OfflineOrder = z.object({
  order_number: z.string(),
  total: Money,
  points: z.number().int(),
  claimed: z.boolean(),
  /** Whether the caller is the one who claimed it (false while unclaimed). */
  claimed_by_you: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OfflineOrder = z.infer<typeof OfflineOrder>;
