/**
 * What the shop asks of a courier with an API (decision 0049), whichever courier it is: create a delivery, find the one a
 * business reference already created, the waybill PDF, a pickup, and its webhook's events read and authenticated.
 * Bosta is the first (bosta.ts); a courier typed by hand needs none of this.
 */
import type { CourierName, ParcelState } from '@attar/contract';

export type DeliveryRequest = {
  /** The order number: the courier keeps it, so a retry can find what an attempt whose answer was lost created. */
  businessReference: string;
  receiver: { name: string; phone: string; email: string | null };
  address: {
    /** Our governorate's slug and English name, and the city's English name: each courier maps them to its own. */
    governorateSlug: string;
    governorate: string;
    city: string;
    street: string;
    building: string | null;
    floor: string | null;
    apartment: string | null;
    landmark: string | null;
  };
  /** Cash to collect on delivery (0 for a paid order), in piastres. */
  codPiastres: number;
  description: string;
  itemsCount: number;
};

export type CreatedDelivery = { providerId: string; trackingNumber: string };

/** One webhook event: the parcel, the courier's own state code, what it means to the shop (null: nothing), when. */
export type ParcelEvent = {
  trackingNumber: string;
  code: number;
  state: ParcelState | null;
  occurredAt: Date;
  /** What the courier says it collected (delivered cash-on-delivery parcels), in piastres. */
  collectedPiastres: number | null;
};

/** The webhook's caller did not prove it is the courier (401), or sent what is not an event (400). */
export class WebhookRefused extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly code: string,
  ) {
    super(code);
  }
}

export interface CourierApi {
  readonly name: CourierName;
  /** The courier's display name, as the shopper reads it in messages and on the order. */
  readonly displayName: string;
  createDelivery(request: DeliveryRequest): Promise<CreatedDelivery>;
  findDelivery(businessReference: string): Promise<CreatedDelivery | null>;
  waybill(trackingNumbers: string[]): Promise<Buffer>;
  requestPickup(input: { date: string; timeSlot: string }): Promise<{ pickupId: string }>;
  readEvent(headers: Record<string, string | string[] | undefined>, body: unknown): ParcelEvent;
}
