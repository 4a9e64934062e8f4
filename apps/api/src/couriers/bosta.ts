/**
 * Bosta's REST API (v2, https://docs.bosta.co): the business's API key in the `Authorization` header of every call;
 * deliveries of type 10 (deliver) with the receiver, the drop-off address in Bosta's city names, the cash to collect
 * and the package's description; the business reference (our order number) to find one again; the airway bill as a
 * base64 PDF; pickups. Its webhook POSTs `{_id, trackingNumber, state, timeStamp, cod, …}` on every state change, with
 * the `Authorization` header the business set on Bosta's dashboard (our BOSTA_WEBHOOK_SECRET). Bosta's own Node SDK is
 * not maintained (one release, years old), so this is plain `fetch`.
 */
import { z } from 'zod';
import type { ParcelState } from '@attar/contract';
import { secretsEqual } from '../http/secrets';
import { WebhookRefused, type CourierApi, type CreatedDelivery, type DeliveryRequest } from './courier';

/** Bosta's delivery type for a parcel the business sends to its customer. */
export const BOSTA_DELIVER = 10;

/**
 * Bosta's state codes (its webhook documentation) and what each means to the shop; the others (created, route
 * assigned, in the warehouse, on hold…) change nothing here.
 */
export const BOSTA_STATES: Record<number, ParcelState> = {
  21: 'picked_up',
  24: 'picked_up',
  30: 'picked_up',
  41: 'out_for_delivery',
  45: 'delivered',
  46: 'returned',
  47: 'attempt_failed',
};

/**
 * Our governorates as Bosta's city list spells them where it differs from ours (the others are the same); the city
 * goes as Bosta's zone.
 */
const BOSTA_CITY: Record<string, string> = {
  monufia: 'Menofia',
  'kafr-el-sheikh': 'Kafr Alsheikh',
  beheira: 'Behira',
  faiyum: 'Fayoum',
  'beni-suef': 'Bani Suif',
  minya: 'Menya',
  asyut: 'Assiut',
};

/** Bosta's answers: `{success, message, data}`. */
const Created = z.object({ data: z.object({ _id: z.string(), trackingNumber: z.union([z.string(), z.number()]).transform(String) }) });
const Found = z.object({
  data: z.object({
    deliveries: z.array(z.object({ _id: z.string(), trackingNumber: z.union([z.string(), z.number()]).transform(String) })),
  }),
});
const Waybill = z.object({ data: z.string().min(1) });
const Pickup = z.object({ data: z.object({ _id: z.string() }) });

/** The webhook's body: its time in milliseconds (or as ISO text), the cash as pounds. */
export const BostaWebhookBody = z.object({
  _id: z.string().optional(),
  trackingNumber: z.union([z.string().min(1).max(40), z.number().int().nonnegative()]).transform(String),
  state: z.coerce.number().int().min(0).max(1000),
  timeStamp: z.union([z.number().int().positive(), z.iso.datetime({ offset: true })]),
  cod: z.coerce.number().nonnegative().max(10_000_000).optional(),
  businessReference: z.string().max(80).optional(),
  type: z.string().max(40).optional(),
});
export type BostaWebhookBody = z.input<typeof BostaWebhookBody>;

/** Bosta's public page of a parcel, before its tracking number (digits). */
export const BOSTA_TRACKING_PAGE = 'https://bosta.co/tracking-shipments?shipment-number=';

export class CourierUnavailable extends Error {}

export function bostaApi(settings: { apiKey: string; webhookSecret: string; baseUrl: string }): CourierApi {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}/api/v2${path}`, {
        method,
        headers: { authorization: settings.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new CourierUnavailable(`Bosta did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new CourierUnavailable(`Bosta answered ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new CourierUnavailable(`Bosta answered ${response.status} without JSON`);
    }
  }
  const delivered = (parsed: { _id: string; trackingNumber: string }): CreatedDelivery => ({
    providerId: parsed._id,
    trackingNumber: parsed.trackingNumber,
  });

  return {
    name: 'bosta',
    displayName: 'Bosta',
    async createDelivery(request: DeliveryRequest) {
      const [firstName, ...rest] = request.receiver.name.trim().split(/\s+/);
      const { address } = request;
      const body = {
        type: BOSTA_DELIVER,
        businessReference: request.businessReference,
        receiver: {
          firstName,
          lastName: rest.join(' ') || firstName,
          phone: request.receiver.phone,
          ...(request.receiver.email ? { email: request.receiver.email } : {}),
        },
        dropOffAddress: {
          city: BOSTA_CITY[address.governorateSlug] ?? address.governorate,
          zone: address.city,
          firstLine: address.street,
          ...(address.building ? { buildingNumber: address.building } : {}),
          ...(address.floor ? { floor: address.floor } : {}),
          ...(address.apartment ? { apartment: address.apartment } : {}),
          ...(address.landmark ? { secondLine: address.landmark } : {}),
        },
        // Bosta takes pounds.
        cod: request.codPiastres / 100,
        specs: { packageType: 'Parcel', packageDetails: { itemsCount: request.itemsCount, description: request.description } },
      };
      const parsed = Created.safeParse(await call('POST', '/deliveries?apiVersion=1', body));
      if (!parsed.success) throw new CourierUnavailable('Bosta created no delivery (no tracking number in its answer)');
      return delivered(parsed.data.data);
    },
    async findDelivery(businessReference) {
      const parsed = Found.safeParse(await call('POST', '/deliveries/search', { businessReference, pageLimit: 1 }));
      if (!parsed.success) throw new CourierUnavailable('Bosta answered the search with no deliveries list');
      const found = parsed.data.data.deliveries[0];
      return found ? delivered(found) : null;
    },
    async waybill(trackingNumbers) {
      const query = new URLSearchParams({ trackingNumbers: trackingNumbers.join(','), requestedAwbType: 'A6' });
      const parsed = Waybill.safeParse(await call('GET', `/deliveries/mass-awb?${query}`));
      if (!parsed.success) throw new CourierUnavailable('Bosta answered without the waybill');
      return Buffer.from(parsed.data.data, 'base64');
    },
    async requestPickup({ date, timeSlot }) {
      const parsed = Pickup.safeParse(await call('POST', '/pickups', { scheduledDate: date, scheduledTimeSlot: timeSlot }));
      if (!parsed.success) throw new CourierUnavailable('Bosta answered the pickup without its id');
      return { pickupId: parsed.data.data._id };
    },
    readEvent(headers, body) {
      const given = headers.authorization;
      if (typeof given !== 'string' || !secretsEqual(given, settings.webhookSecret)) throw new WebhookRefused(401, 'webhook_unauthorised');
      const parsed = BostaWebhookBody.safeParse(body);
      if (!parsed.success) throw new WebhookRefused(400, 'webhook_invalid');
      const event = parsed.data;
      return {
        trackingNumber: event.trackingNumber,
        code: event.state,
        state: BOSTA_STATES[event.state] ?? null,
        occurredAt: new Date(event.timeStamp),
        collectedPiastres: event.cod === undefined ? null : Math.round(event.cod * 100),
      };
    },
  };
}
