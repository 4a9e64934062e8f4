/**
 * An order's edit (decision 0057) apart from its markup: who may edit it and when, its lines as the dialog changes
 * them, the form's fields, the request it sends, and where each problem the schema or the API finds goes.
 */
import {
  staffMay,
  type Offer,
  type OrderStatus,
  type Product,
  type StaffOrder,
  type StaffOrderEditInput,
  type StaffRole,
} from '@attar/contract';
import { ORDER_EDITABLE_STATUSES } from '@attar/contract/rules';
import { ADDRESS_FIELDS, addressForm, addressRequest, type AddressForm } from './address-form';

/** Whether the order page offers "Edit order": a status before hand-over and a role that may edit. */
export const mayEditOrder = (role: StaffRole, status: OrderStatus) =>
  staffMay(role, 'editOrders') && (ORDER_EDITABLE_STATUSES as readonly OrderStatus[]).includes(status);

/**
 * A line as the dialog holds it: a product in one of its sizes (`variant`), or an offer, with its units. `held`: the
 * units the order holds of it now, which its stock may give back.
 */
export type EditLine =
  | { kind: 'product'; product: Product; variant: number; quantity: number; held: number }
  | { kind: 'offer'; offer: Offer; quantity: number; held: number };

export const lineKey = (line: EditLine) => (line.kind === 'product' ? `variant:${line.variant}` : `offer:${line.offer.id}`);

/** The order's lines as the dialog starts; a product line whose size is no longer known keeps its size by millilitres. */
export function editLines(order: Pick<StaffOrder, 'items'>): EditLine[] {
  return order.items.flatMap((item): EditLine[] => {
    if (item.offer_obj) return [{ kind: 'offer', offer: item.offer_obj, quantity: item.quantity, held: item.quantity }];
    const product = item.product_obj;
    const variant = item.variant ?? product?.variants.find((size) => size.ml === item.size_ml)?.id;
    return product && variant !== undefined ? [{ kind: 'product', product, variant, quantity: item.quantity, held: item.quantity }] : [];
  });
}

/** The lines with one more product size: a new line, or one more unit of the line that has it. */
export function addedLine(lines: EditLine[], product: Product, variant: number): EditLine[] {
  const key = `variant:${variant}`;
  if (lines.some((line) => lineKey(line) === key))
    return lines.map((line) => (lineKey(line) === key ? { ...line, quantity: line.quantity + 1 } : line));
  return [...lines, { kind: 'product', product, variant, quantity: 1, held: 0 }];
}

/** The most units a line may ask for: what the shelves have and what the order already holds (the API decides). */
export function unitsAvailable(line: EditLine): number {
  if (line.kind === 'offer') return line.offer.stock + line.held;
  return (line.product.variants.find((size) => size.id === line.variant)?.stock ?? 0) + line.held;
}

/** The form's fields: the address (changed or not), the fee set by hand (or not) and the promotion taken off. */
export type OrderEditForm = AddressForm & {
  change_address: boolean;
  fee_by_hand: boolean;
  fee_amount: string;
  fee_reason: string;
  remove_promotion: boolean;
};

export function orderEditForm(order: StaffOrder): OrderEditForm {
  const byHand = order.delivery_fee_reason !== null;
  return {
    ...addressForm(order.address),
    change_address: false,
    fee_by_hand: byHand,
    fee_amount: byHand ? String(order.delivery_fee) : '',
    fee_reason: order.delivery_fee_reason ?? '',
    remove_promotion: false,
  };
}

/** The request as the contract shapes it; the schema (StaffOrderEditRequest) then checks it whole. */
export function orderEditRequest(order: Pick<StaffOrder, 'version'>, form: OrderEditForm, lines: EditLine[]): StaffOrderEditInput {
  return {
    version: order.version,
    items: lines.map((line) =>
      line.kind === 'product'
        ? { product: line.product.id, variant: line.variant, quantity: line.quantity }
        : { offer: line.offer.id, quantity: line.quantity },
    ),
    ...(form.change_address && { address: addressRequest(form) }),
    delivery_fee: form.fee_by_hand
      ? { amount: form.fee_amount.trim() === '' ? Number.NaN : Number(form.fee_amount), reason: form.fee_reason }
      : null,
    ...(form.remove_promotion && { remove_promotion: true }),
  };
}

/**
 * The form field a problem belongs to, from its path in the request (a schema issue's path, or an API field error's
 * dotted name such as `address.city`); 'items' for the lines; null when it belongs to no field.
 */
export function orderEditField(path: readonly PropertyKey[] | string): keyof OrderEditForm | 'items' | null {
  const [first, second] = typeof path === 'string' ? path.split('.') : path.map(String);
  if (first === 'items') return 'items';
  if (first === 'address') return ADDRESS_FIELDS[second ?? ''] ?? 'street';
  if (first === 'delivery_fee') return second === 'reason' ? 'fee_reason' : 'fee_amount';
  return null;
}
