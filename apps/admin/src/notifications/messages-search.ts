/** The failed messages screen's address: which messages (failed, the default, or still being tried) and the page. */
import { z } from 'zod';
import { LISTED_MESSAGE_STATES } from '@attar/contract';

export const MessagesSearch = z.object({
  state: z.enum(LISTED_MESSAGE_STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type MessagesSearch = z.infer<typeof MessagesSearch>;
