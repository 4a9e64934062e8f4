/**
 * Customers as the back office finds them: by mobile number, for an order taken by phone (docs/orders.md, "Phone
 * orders"): the shopper account with that number and its saved addresses, and the latest orders placed by or for it.
 */
import { sql } from 'drizzle-orm';
import type { Locale, StaffCustomerLookup } from '@attar/contract';
import { addressesOf } from '../checkout/addresses';
import type { Database } from '../db/client';

/** `phone` is E.164, as the contract's EgyptianMobile makes it. */
export async function lookupCustomer(database: Database, locale: Locale, phone: string): Promise<StaffCustomerLookup> {
  const [account] = await database.rows<{ id: number; name: string; email: string | null; points: number }>(sql`
    SELECT id, name, email, points FROM users WHERE phone = ${phone} AND is_active`);
  // Orders keep the number they were placed with (customer_phone), so a guest's earlier orders are found too.
  const recent = await database.rows<Omit<StaffCustomerLookup['recent_orders'][number], 'total'> & { total_piastres: number }>(sql`
    SELECT id, order_number, status, total_piastres, created_at, address->>'name' AS customer_name
    FROM orders WHERE customer_phone = ${phone} ${account ? sql`OR user_id = ${account.id}` : sql``}
    ORDER BY created_at DESC, id DESC LIMIT 5`);
  return {
    phone,
    account: account ? { ...account, addresses: await addressesOf(database, locale, account.id) } : null,
    recent_orders: recent.map(({ total_piastres, ...order }) => ({
      ...order,
      total: total_piastres / 100,
      created_at: new Date(order.created_at).toISOString(),
    })),
  };
}
