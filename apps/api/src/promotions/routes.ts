import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppliedPromotion,
  CheckPromocodeRequest,
  DetailBody,
  ErrorBody,
  GuestPromoOtpRequest,
  PromoCodeParams,
  type GuestOrderItem,
  type Locale,
} from '@attar/contract';
import { requireUser } from '../accounts/auth';
import type { AccountsContext } from '../accounts/service';
import { checkCode, issueCode } from '../codes/service';
import { requestLocale } from '../http/locale';
import { pricedCartLines } from '../cart/service';
import { applyToCart, guestCustomer, pricedItems, promotionDiscount, promotionTerms, removeFromCart, usablePromotion } from './service';
import { text } from '../i18n/catalogue';
import { publicSecurity } from '../http/openapi';
import { admitAddress } from '../challenge/service';
import { challengeAnswers, proofOf } from '../challenge/routes';

const errors = { 400: z.union([ErrorBody, z.record(z.string(), z.array(z.string()))]), 401: ErrorBody, 429: ErrorBody };

export const promotionRoutes =
  (ctx: AccountsContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    const tags = ['promotions'];
    const rows = <T>(query: Parameters<typeof ctx.database.rows>[0]) => ctx.database.rows<T>(query);
    /** The code for a guest's phone and, when the guest sent their cart, checked against it too. */
    const guestPromotion = async (locale: Locale, phone: string, code: string, items: GuestOrderItem[] | undefined) => {
      const promotion = await usablePromotion(rows, locale, code, guestCustomer(phone));
      if (items) await promotionDiscount(rows, locale, promotion, await pricedItems(rows, items));
      return promotion;
    };

    fastify.get(
      '/api/promotions/:code',
      {
        schema: {
          summary: 'Apply a promo code to the cart.',
          operationId: 'applyPromoCode',
          tags,
          security: [{ token: [] }],
          description: 'Checks a code for the signed-in shopper and applies it to their cart.',
          params: PromoCodeParams,
          response: { 200: AppliedPromotion, ...errors },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const lines = await pricedCartLines(rows, userId);
        return applyToCart(ctx.database, requestLocale(request), userId, request.params.code, lines);
      },
    );

    fastify.delete(
      '/api/promotions/:code',
      {
        schema: {
          summary: 'Remove a promo code from the cart.',
          operationId: 'removePromoCode',
          tags,
          security: [{ token: [] }],
          description: 'Takes the code off the signed-in shopper’s cart (204 also when it was not on it).',
          params: PromoCodeParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeFromCart(ctx.database, requireUser(request), request.params.code);
        return reply.status(204).send(null);
      },
    );

    fastify.post(
      '/api/otp_guest_promocode/',
      {
        schema: {
          summary: 'Send a guest the code that unlocks a promo code.',
          operationId: 'sendGuestPromoCodeOtp',
          security: publicSecurity,
          tags,
          description: 'A guest asks to use a code: it is checked for that phone, and a one-time code is sent to the phone.',
          body: GuestPromoOtpRequest,
          response: { 200: DetailBody, ...errors, ...challengeAnswers },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const { phone, code, items } = request.body;
        if (code) await guestPromotion(locale, phone, code, items);
        await admitAddress(ctx, { ip: request.ip, proof: proofOf(request), locale });
        const otp = await issueCode(ctx, { purpose: 'guest_promo', identifier: phone, userId: null, ip: request.ip, deliverable: true });
        await ctx.delivery.sendSms({
          to: phone,
          text: text(locale, 'checkoutCodeSms', { code: otp }),
        });
        return { detail: text(locale, 'codeSentToPhone') };
      },
    );

    fastify.post(
      '/api/check-promocode',
      {
        schema: {
          summary: "Check a guest's promo code with the code sent to their phone.",
          operationId: 'checkPromoCode',
          security: publicSecurity,
          tags,
          description: 'The guest proves the phone with the one-time code; the code stays valid for placing the order.',
          body: CheckPromocodeRequest,
          response: { 200: AppliedPromotion, ...errors },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const { phone, code, otp, items } = request.body;
        await checkCode(ctx, { purpose: 'guest_promo', identifier: phone, code: otp, consume: false, locale });
        return promotionTerms(await guestPromotion(locale, phone, code, items));
      },
    );
  };
