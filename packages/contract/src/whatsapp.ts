/** A signed-in shopper's WhatsApp preference: whether the shop's order messages may reach them by WhatsApp. */
import { z } from 'zod';

export const WhatsappPreference = z.object({ opted_out: z.boolean() });
export type WhatsappPreference = z.infer<typeof WhatsappPreference>;
