/**
 * Demo mode's reviews, so a demo's cards, suggestions and product pages show stars: a few made-up shoppers, each with
 * a delivered order of some seed perfumes they then reviewed. Demo data is marked as the demo owner is: e-mails at
 * attar.example (a reserved domain: nobody receives them), no password (nobody signs in as them), made only by a demo's
 * first start. Their orders are recent, so the demo's bestsellers show too.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction } from '../db/transaction';

/** The demo's shoppers, what each wrote and how many stars each gave, in the order of the perfumes they bought. */
const DEMO_SHOPPERS = [
  {
    name: 'Mariam Hassan',
    email: 'mariam.demo@attar.example',
    locale: 'en',
    reviews: [
      [5, 'Warm and elegant; it lasts through a long day at work.'],
      [4, 'Lovely in the evening, a little strong at first spray.'],
      [5, 'My favourite gift this year: everyone asked what it was.'],
    ],
  },
  {
    name: 'أحمد سمير',
    email: 'ahmed.demo@attar.example',
    locale: 'ar',
    reviews: [
      [5, 'ريحة فخمة وثباتها ممتاز طول اليوم.'],
      [4, 'جميل جدًا، بس كنت أتمنى الزجاجة تكون أكبر.'],
      [5, 'وصل بسرعة والتغليف كان ممتاز.'],
    ],
  },
  {
    name: 'Nour El-Din',
    email: 'nour.demo@attar.example',
    locale: 'en',
    reviews: [
      [4, 'Fresh and clean, perfect for summer in Cairo.'],
      [5, 'Smells exactly like the description. Will buy again.'],
      [3, 'Nice, but it fades after a few hours.'],
    ],
  },
] as const;

/** How many perfumes each demo shopper bought and reviewed: the first ones of the seed, overlapping from one to the next. */
const BOUGHT = 3;

/** Makes the demo's reviews once (none when any demo shopper exists already). */
export async function createDemoReviews(database: Database): Promise<void> {
  await inTransaction(database, async (rows) => {
    const [made] = await rows(sql`SELECT 1 FROM users WHERE email LIKE '%@attar.example' LIMIT 1`);
    if (made) return;
    const perfumes = await rows<
      Pick<TableRow<typeof tables.productVariants>, 'product_id' | 'price_piastres'> &
        Pick<TableRow<typeof tables.sizes>, 'ml'> & { variant_id: TableRow<typeof tables.productVariants>['id'] }
    >(sql`
      SELECT v.product_id, v.id AS variant_id, s.ml, v.price_piastres
      FROM products p JOIN product_variants v ON v.product_id = p.id AND v.is_default JOIN sizes s ON s.id = v.size_id
      WHERE p.is_published AND p.type = 'perfume' ORDER BY p.id LIMIT ${DEMO_SHOPPERS.length + BOUGHT - 1}`);
    // Named as the order's address names them: the place is spread into it.
    const [place] = await rows<Pick<TableRow<typeof tables.cities>, 'region_id'> & { city_id: number; fee: number }>(sql`
      SELECT c.region_id, c.id AS city_id, r.fee_piastres AS fee FROM regions r JOIN cities c ON c.region_id = r.id
      ORDER BY r.position, c.id LIMIT 1`);
    if (!place || perfumes.length < DEMO_SHOPPERS.length + BOUGHT - 1) return;

    for (const [index, shopper] of DEMO_SHOPPERS.entries()) {
      const bought = perfumes.slice(index, index + BOUGHT);
      const user = oneRow(
        await rows<Pick<TableRow<typeof tables.users>, 'id'>>(sql`
          INSERT INTO users (name, email, locale, date_joined)
          VALUES (${shopper.name}, ${shopper.email}, ${shopper.locale}, now() - interval '60 days')
          RETURNING id`),
      );
      const subtotal = bought.reduce((sum, line) => sum + line.price_piastres, 0);
      const address = { name: shopper.name, phone: '', street: 'Demo', building: '', floor: '', apartment: '', landmark: '', ...place };
      // Placed a fortnight ago (less a day per shopper), delivered three days later.
      const order = oneRow(
        await rows<Pick<TableRow<typeof tables.orders>, 'id'>>(sql`
        INSERT INTO orders (order_number, user_id, status, address, region_id, payment_method, subtotal_piastres,
          delivery_fee_piastres, total_piastres, cash_collected_piastres, locale, created_at, delivered_at)
        VALUES ('AT' || nextval('order_number_seq'), ${user.id}, 'delivered', ${JSON.stringify(address)}::jsonb, ${place.region_id},
          'cod', ${subtotal}, ${place.fee}, ${subtotal + place.fee}, ${subtotal + place.fee}, ${shopper.locale},
          now() - make_interval(days => ${14 - index}::int), now() - make_interval(days => ${11 - index}::int))
        RETURNING id`),
      );
      // Its history as a real order's reads: placed, confirmed and packed that day, shipped the next, then delivered.
      await rows(sql`
        INSERT INTO order_status_history (order_id, from_status, to_status, created_at)
        SELECT ${order.id}, step.from_status, step.to_status, o.created_at + step.after
        FROM orders o, (VALUES (NULL, 'placed', interval '0'), ('placed', 'confirmed', interval '2 hours'),
          ('confirmed', 'packed', interval '5 hours'), ('packed', 'shipped', interval '1 day'),
          ('shipped', 'delivered', interval '3 days')) AS step (from_status, to_status, after)
        WHERE o.id = ${order.id}`);
      for (const [line, [rating, body]] of bought.map((each, at) => [each, shopper.reviews[at]!] as const)) {
        await rows(sql`
          INSERT INTO order_items (order_id, product_id, variant_id, size_ml, quantity, price_piastres)
          VALUES (${order.id}, ${line.product_id}, ${line.variant_id}, ${line.ml}, 1, ${line.price_piastres})`);
        await rows(sql`
          INSERT INTO reviews (product_id, user_id, rating, body, locale, created_at, updated_at)
          VALUES (${line.product_id}, ${user.id}, ${rating}, ${body}, ${shopper.locale},
            now() - make_interval(days => ${9 - index}::int), now() - make_interval(days => ${9 - index}::int))`);
      }
    }
  });
}
