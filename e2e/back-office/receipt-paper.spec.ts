/**
 * Slips on an 80 mm receipt roll, in both languages: printed to PDF as a browser prints them, each slip is one page
 * 80 mm wide and as long as the slip itself (its margins included), not an A4's 297 mm with blank paper after it, and no
 * slip is cut over two pages. Two orders whose slips differ in length get pages of their own lengths.
 */
import { adminContext, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { newStaffMember } from '../support/staff';
import { ADMIN_URL } from '../support/urls';

const POINTS_PER_MM = 72 / 25.4;
/** The roll's margin on each side of a slip (apps/admin/src/orders/print.tsx). */
const MARGIN_MM = 3;

/** Each page's width and height in millimetres, read from the PDF's page boxes. */
function pageSizes(pdf: Buffer): { width: number; height: number }[] {
  const boxes = pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g);
  return [...boxes].map(([, width, height]) => ({ width: Number(width) / POINTS_PER_MM, height: Number(height) / POINTS_PER_MM }));
}

for (const lang of ALL_LANGS) {
  test(`${lang.code}: each slip on an 80 mm roll prints on one page as long as the slip`, async ({ browser, request }) => {
    const short = await placeCashOrder(request, { name: `Roll Shopper ${lang.code}`, street: '3 Roll Street' });
    const long = await placeCashOrder(request, {
      name: `Roll Shopper With A Much Longer Name ${lang.code}`,
      street: '14 Abbas El Akkad Street, behind the big mosque, next to the pharmacy on the corner, Nasr City',
    });
    const staff = await adminContext(browser, lang);
    const admin = await staff.newPage();
    await signIn(admin, lang, await newStaffMember('fulfilment', `Roll Packer ${lang.code}`));
    const orders = [short.order, long.order];
    await admin.goto(`${ADMIN_URL}/print?orders=${orders.map((order) => order.id).join(',')}&doc=slip&paper=80mm`);
    const slips = admin.locator('article');
    await expect(slips).toHaveCount(2);
    for (const order of orders) await expect(slips.filter({ hasText: order.order_number })).toBeVisible();

    // The slips as they print: their heights, to compare with the pages.
    await admin.emulateMedia({ media: 'print' });
    const printed = await slips.evaluateAll((articles) => articles.map((article) => article.getBoundingClientRect().height * (25.4 / 96)));
    const pages = pageSizes(await admin.pdf({ preferCSSPageSize: true }));

    expect(pages).toHaveLength(2);
    expect(printed[1]!).toBeGreaterThan(printed[0]! + 2);
    pages.forEach((page, index) => {
      expect(page.width).toBeCloseTo(80, 0);
      // As long as the slip and its margins, rounded up to the next millimetre with one to spare.
      const slip = printed[index]! + 2 * MARGIN_MM;
      expect(page.height).toBeGreaterThanOrEqual(slip);
      expect(page.height).toBeLessThanOrEqual(slip + 2.5);
    });
    await staff.close();
  });
}
