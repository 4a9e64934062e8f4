import { describe, expect, it } from 'vitest';
import { User } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode, newShopper } from '../test/client';
import { signedInShopper } from '../test/shoppers';

// PUT /api/users/me/ no longer sets a new e-mail or phone: nobody can hold an address they have not proved.
const t = useTestApp();

describe('a new e-mail or phone on the profile', () => {
  it('takes effect only with the code sent to it, and never blocks its owner’s sign-up', async () => {
    const a = await signedInShopper(t.app);
    const owner = newShopper();
    const { email, phone } = a.user;
    const put = (body: unknown) => a.call({ method: 'PUT', url: '/api/users/me/', body });

    const asked = await put({ name: 'A renamed', email: owner.email, phone: owner.phone });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = User.parse(asked.json());
    expect(pending).toMatchObject({ name: 'A renamed', email, phone, pending_email: owner.email });
    expect(pending.pending_phone).toMatch(/^\+20/);
    expect(User.parse((await a.get('/api/users/me/')).json()).email).toBe(email);

    // B, the real owner of the address and the number, can still sign up with them.
    const b = await client(t.app).post('/api/users/me/', owner);
    expect(b.statusCode, b.body).toBe(201);

    // A's codes reached B's mailbox and phone: A cannot take them now that B holds them.
    const code = await lastCode(t.db.database, owner.email);
    const taken = await a.post('/api/users/me/email/change/', { email: owner.email, code });
    expect(taken.statusCode).toBe(400);
    expect(User.parse((await a.get('/api/users/me/')).json())).toMatchObject({ email, phone: pending.phone });
  });

  it('changes the e-mail once the code comes back', async () => {
    const a = await signedInShopper(t.app);
    const { name, phone } = a.user;
    const fresh = newShopper().email;
    const asked = await a.call({ method: 'PUT', url: '/api/users/me/', body: { name, email: fresh, phone } });
    expect(User.parse(asked.json())).toMatchObject({ email: a.user.email, pending_email: fresh, pending_phone: null });
    const confirmed = await a.post('/api/users/me/email/change/', { email: fresh, code: await lastCode(t.db.database, fresh) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(User.parse(confirmed.json())).toMatchObject({ email: fresh, email_verified: true, pending_email: null });
  });
});
