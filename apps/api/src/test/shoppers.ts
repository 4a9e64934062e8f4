import type { FastifyInstance } from 'fastify';
import { AuthResponse } from '@attar/contract';
import type { Database } from '../db/client';
import { client, lastCode, newShopper, type Call } from './client';

/** Signs a new shopper up and returns their token, user and a client from their own address. */
export async function signedInShopper(app: FastifyInstance) {
  const c = client(app);
  const response = await c.post('/api/users/me/', newShopper());
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const { token, user } = AuthResponse.parse(response.json());
  return {
    token,
    user,
    get: (url: string) => c.get(url, token),
    post: (url: string, body: unknown = {}) => c.post(url, body, token),
    delete: (url: string) => c.call({ method: 'DELETE', url, token }),
    call: (request: Omit<Call, 'token'>) => c.call({ ...request, token }),
  };
}

/** Verifies a shopper's phone with the code the sign-up sent to it (codes limited per customer need it). */
export async function verifyPhone(database: Database, shopper: Awaited<ReturnType<typeof signedInShopper>>) {
  if (shopper.user.phone === null) throw new Error('The shopper signed up without a phone.');
  const code = await lastCode(database, shopper.user.phone);
  const answer = await shopper.post('/api/users/phone/verify_phone/', { code });
  if (answer.statusCode !== 200) throw new Error(`phone verification failed: ${answer.body}`);
  return shopper;
}
