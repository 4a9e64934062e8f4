import type { FastifyInstance } from 'fastify';
import { AuthResponse } from '@attar/contract';
import { client, newShopper } from './client';

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
  };
}
