/**
 * A local stand-in for Bosta's API, built from its documentation (bosta.ts): the same paths, the `Authorization` key,
 * the answers' shapes. Demo mode serves it under `/api/dev/bosta` so a hand-over works in `npm start` without an
 * account; the tests serve it on a port of their own and look at what it was sent, make it fail, or lose an answer.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

type StoredDelivery = { _id: string; trackingNumber: string; businessReference: string; body: Record<string, unknown> };
export type StandInRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

/** A one-page PDF naming the parcels: what a printer needs to show the stand-in's waybill works. */
function waybillPdf(lines: string[]) {
  const text = lines.map((line, i) => `BT /F1 14 Tf 40 ${780 - i * 24} Td (${line.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Not the shop's API: out of its OpenAPI document, and its `Authorization` is Bosta's key, not a shopper's token. */
const hidden = { schema: { hide: true }, config: { ownAuthorization: true } };

export function bostaStandIn(apiKey: string) {
  const deliveries = new Map<string, StoredDelivery>();
  const requests: StandInRequest[] = [];
  const faults = { failing: 0, losingAnswers: 0 };
  let nextTracking = 7_100_000_000 + Math.floor(Math.random() * 1_000_000);

  const plugin: FastifyPluginAsync = async (fastify) => {
    fastify.addHook('onRequest', async (request, reply) => {
      requests.push({ method: request.method, path: request.url, authorization: request.headers.authorization, body: undefined });
      if (request.headers.authorization !== apiKey) return reply.code(401).send({ success: false, message: 'Invalid API key' });
      if (faults.failing > 0) {
        faults.failing--;
        return reply.code(503).send({ success: false, message: 'Service unavailable' });
      }
    });
    fastify.addHook('preHandler', async (request) => {
      // The request was recorded when it came in.
      const recorded = requests.at(-1);
      if (recorded) recorded.body = request.body;
    });
    fastify.post('/api/v2/deliveries', hidden, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const receiver = body.receiver as Record<string, unknown> | undefined;
      const dropOff = body.dropOffAddress as Record<string, unknown> | undefined;
      if (
        body.type !== 10 ||
        !receiver?.phone ||
        !receiver.firstName ||
        !dropOff?.city ||
        !dropOff.firstLine ||
        typeof body.cod !== 'number'
      ) {
        return reply.code(400).send({ success: false, message: 'Invalid delivery' });
      }
      const delivery: StoredDelivery = {
        _id: randomBytes(12).toString('hex'),
        trackingNumber: String(nextTracking++),
        businessReference: String(body.businessReference ?? ''),
        body,
      };
      deliveries.set(delivery._id, delivery);
      if (faults.losingAnswers > 0) {
        faults.losingAnswers--;
        // Created, but the answer never reaches the shop.
        return reply.code(504).send({ success: false, message: 'Gateway timeout' });
      }
      return {
        success: true,
        message: 'Delivery created successfully',
        data: { _id: delivery._id, trackingNumber: delivery.trackingNumber },
      };
    });
    fastify.post('/api/v2/deliveries/search', hidden, async (request) => {
      const reference = String((request.body as { businessReference?: unknown } | undefined)?.businessReference ?? '');
      const found = [...deliveries.values()].filter((d) => reference && d.businessReference === reference);
      return {
        success: true,
        data: { deliveries: found.map(({ _id, trackingNumber }) => ({ _id, trackingNumber })), count: found.length },
      };
    });
    fastify.get('/api/v2/deliveries/mass-awb', hidden, async (request, reply) => {
      const numbers = String((request.query as { trackingNumbers?: string }).trackingNumbers ?? '')
        .split(',')
        .filter(Boolean);
      const known = new Set([...deliveries.values()].map((d) => d.trackingNumber));
      if (numbers.length === 0 || numbers.some((n) => !known.has(n))) {
        return reply.code(400).send({ success: false, message: 'Unknown tracking number' });
      }
      return { success: true, data: waybillPdf(['Bosta airway bill (stand-in)', ...numbers]).toString('base64') };
    });
    fastify.post('/api/v2/pickups', hidden, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.scheduledDate !== 'string' || typeof body.scheduledTimeSlot !== 'string') {
        return reply.code(400).send({ success: false, message: 'Invalid pickup' });
      }
      return { success: true, data: { _id: `PU${randomBytes(4).toString('hex')}` } };
    });
  };
  return { plugin, deliveries, requests, faults };
}
