/**
 * Answers about the signed-in shopper or staff member are `private, no-store` (the second security review): a shared
 * cache or the browser's own disk must not keep them. Answers a route marks public stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff } from '../test/staff';

const t = useTestApp();

describe('personal answers', () => {
  it('are private, no-store for a signed-in shopper, errors included', async () => {
    const s = await signedInShopper(t.app);
    for (const path of ['/api/users/me/', '/api/users/me/export/', '/api/carts/me/', '/api/notifications/', '/api/addresses/']) {
      const answer = await s.get(path);
      expect(answer.statusCode, `${path} ${answer.body}`).toBeLessThan(400);
      expect(answer.headers['cache-control'], path).toBe('private, no-store');
    }
    expect((await s.get('/api/orders/2147483647/reorder/')).headers['cache-control']).toBe('private, no-store');
  });

  it('are private, no-store for staff, whatever the role', async () => {
    for (const role of ['owner', 'support'] as const) {
      const staff = await signedInStaff(t, role);
      for (const path of ['/api/staff/session/', '/api/staff/members/']) {
        const answer = await staff.get(path);
        expect(answer.headers['cache-control'], `${role} ${path} ${answer.statusCode}`).toMatch(/^(private, )?no-store$/);
      }
    }
  });

  it('leave a public answer public for a guest', async () => {
    const answer = await client(t.app).get('/api/products/');
    expect(answer.headers['cache-control']).toMatch(/^public/);
  });
});
