/**
 * Local stand-ins for Google (a published key set) and Facebook (the Graph API's debug_token and /me), so the
 * social sign-in tests never reach the internet. Also used by the browser tests' Google sign-in.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export const GOOGLE_CLIENT_ID = 'attar-test.apps.googleusercontent.com';
export const FACEBOOK_APP_ID = '1234567890';
export const FACEBOOK_APP_SECRET = 'facebook-test-secret';

type FacebookUser = { id: string; name: string; email?: string; appId?: string; valid?: boolean };

export async function startSocialStandins() {
  const google = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(google.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const facebookTokens = new Map<string, FacebookUser>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/certs') return send(200, { keys: [jwk] });
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`)
        return send(400, { error: 'bad app token' });
      const user = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      return send(200, {
        data: user ? { is_valid: user.valid ?? true, app_id: user.appId ?? FACEBOOK_APP_ID, user_id: user.id } : { is_valid: false },
      });
    }
    if (url.pathname === '/graph/me') {
      const user = facebookTokens.get(url.searchParams.get('access_token') ?? '');
      if (!user) return send(400, { error: 'invalid token' });
      return send(200, { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${base}/graph`,
    },
    /** An ID token as Google would issue it; `claims` add or change claims, `signWith: 'stranger'` uses a key Google never published. */
    googleIdToken(
      claims: Record<string, unknown>,
      options: { signWith?: 'google' | 'stranger'; expiresIn?: string; audience?: string } = {},
    ) {
      const key = options.signWith === 'stranger' ? stranger.privateKey : google.privateKey;
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(key);
    },
    facebookToken(token: string, user: FacebookUser) {
      facebookTokens.set(token, user);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
