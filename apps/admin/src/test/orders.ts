/** Orders as the API answers them to staff: what the order page, the print view and the returns start from in tests. */
import { pageOf } from './screen-kit';
import { ORDER_STATUSES, type OrderStatus, type Product, type StaffOrder, type StaffOrderBoard } from '@attar/contract';
import { salmasPage } from './customers';

type Line = StaffOrder['items'][number];

/** An order's line: a product in a size (`ml`) or an offer (null); only the name of what was ordered is read. */
const line = (id: number, name: string, ml: number | null, quantity: number, price: number): Line =>
  ({
    id,
    product_obj: ml === null ? null : { name },
    offer_obj: ml === null ? { name } : null,
    size_ml: ml,
    quantity,
    price,
    points: 0,
  }) as unknown as Line;

/** Oud Royal in two sizes as the catalogue answers it, for an order's edit: 100 ml at 275 LE (4 left), 50 ml at 200 LE (4 left). */
export const oudRoyalInSizes = {
  id: 40,
  name: 'Oud Royal',
  variants: [
    { id: 501, ml: 100, price: 275, stock: 4 },
    { id: 502, ml: 50, price: 200, stock: 4 },
  ],
} as unknown as Product;

const AT = '2026-11-27T09:30:00Z';
/** Salma's saved address, as an order keeps it. */
const { id: _id, is_default: _default, ...salmasAddress } = salmasPage.addresses[0]!;

/**
 * Order AT100012, placed on the storefront by Salma's account and waiting for confirmation, cash on delivery: two
 * bottles of Oud Royal 100 ml and an Eid box, EID10 taking 100 LE off, 50 LE delivery; a wrapped gift with a card.
 */
export const placedOrder: StaffOrder = {
  id: 12,
  order_number: 'AT100012',
  status: 'placed',
  items: [line(101, 'Oud Royal', 100, 2, 275), line(102, 'Eid Box', null, 1, 450)],
  subtotal: 1000,
  delivery_fee: 50,
  discount: 100,
  points_used: 0,
  points_discount: 0,
  points_earned: 95,
  total: 950,
  payment_method: 'cod',
  payment_url: null,
  address: salmasAddress,
  gift: { wrap: true, wrap_fee: 0, message: 'Happy Eid, Mama' },
  courier: null,
  promo_code: 'EID10',
  notes: 'Ring twice',
  created_at: AT,
  version: 3,
  channel: 'web',
  placed_by: null,
  customer: { user_id: 7, name: 'Salma Adel', phone: '+201001112223', email: 'salma@attar.example', kind: 'account' },
  cash_collected: null,
  status_reason: null,
  delivery_fee_reason: null,
  confirmation: null,
  payment_link: null,
  payments: [],
  balance_due: 0,
  timeline: [{ at: AT, from: null, to: 'placed', staff: null }],
  staff_notes: [],
  audit: [],
  returns: [],
  refunds: [],
  refunded: 0,
  undo: null,
  tags: [],
  customer_tags: [],
};

/** The same order delivered by the courier, the cash collected: it may be refunded now. */
export const deliveredOrder: StaffOrder = {
  ...placedOrder,
  status: 'delivered',
  version: 7,
  courier: { name: 'Bosta', tracking_number: '7100000012' },
  cash_collected: 950,
  timeline: [
    ...placedOrder.timeline,
    { at: '2026-11-28T15:00:00Z', from: 'shipped', to: 'delivered', staff: { id: 2, name: 'Karim', email: 'karim@attar.test' } },
  ],
};

/** A board with no orders: what any screen that shows the board, or its badge, gets where the test is elsewhere. */
export const emptyBoard: StaffOrderBoard = {
  ...pageOf([]),
  counts: Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>,
  waiting: 0,
};
