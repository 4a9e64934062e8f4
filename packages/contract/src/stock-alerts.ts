import { z } from 'zod';
import { Email, EgyptianMobile } from './accounts';
import { Id } from './common';

/**
 * `POST /api/products/{slug}/stock-alerts/`: "tell me when it is back". A signed-in shopper is told on their account
 * (e-mail and the bell); a guest gives an e-mail or a mobile number. `variant`: one size of the product (its variant
 * id); without it, any of its sizes coming back. Only for what is out of stock. Asking again changes nothing (`200`).
 */
export const StockAlertRequest = z
  .object({
    variant: Id.optional(),
    email: Email.optional(),
    phone: EgyptianMobile.optional(),
  })
  .refine((body) => !(body.email && body.phone), { path: ['phone'], message: 'Give an e-mail or a mobile number, not both.' });
export type StockAlertRequest = z.input<typeof StockAlertRequest>;

/** `201` for a new alert, `200` when the same one was already waiting. */
export const StockAlertResponse = z.object({ detail: z.string(), created: z.boolean() });
export type StockAlertResponse = z.infer<typeof StockAlertResponse>;
