import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { client } from '../test/client';

const t = useTestApp({ SMS_HOURLY_LIMIT: '3' });

describe('the shop-wide SMS ceiling', () => {
  it('stops SMS pumping across any number of phones and addresses', async () => {
    const ask = (n: number) => client(t.app).post('/api/otp_guest_promocode/', { phone: `0100000${String(n).padStart(4, '0')}`, code: '' });
    for (let n = 0; n < 3; n++) expect((await ask(n)).statusCode).toBe(200);
    const refused = await ask(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'throttled' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
