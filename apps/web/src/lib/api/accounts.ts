/**
 * Account calls made from client components. Only types come from the
 * contract, so its zod schemas stay out of the browser bundle. Every call sends the page's language, so the server's
 * messages (code sent, phone verified, wrong code…) come back in it.
 */
import type {
  AuthProviders,
  AuthResponse,
  CartMergeResponse,
  DetailBody,
  LoginRequest,
  PointsResponse,
  ProfileUpdateRequest,
  SignupRequest,
  SignupResponse,
  User,
} from '@attar/contract';
import type { z } from 'zod';
import { announceCartChanged } from '../cart/cart-signals';
import { clearGuestCart, readGuestCart } from '../cart/guest-cart';
import { clearGuestExtras, NO_EXTRAS, readGuestExtras, sameExtras } from '../checkout/checkout-extras';
import { apiRequest, apiRequire } from './client';

export type Detail = z.infer<typeof DetailBody>;
export type SocialAuthResponse = AuthResponse & { created: boolean };
export type VerificationChannel = 'phone' | 'email';

const post = <T>(path: string, body: unknown, locale: string, anonymous = false) =>
  apiRequire<T>(path, { method: 'POST', body, locale, anonymous });

/** Which social sign-in buttons to show: a provider is null until the server has it configured. */
export function getAuthProviders() {
  return apiRequire<AuthProviders>('/api/auth/providers/', { anonymous: true });
}

export const logIn = (body: LoginRequest, locale: string) => post<AuthResponse>('/api/users/login/', body, locale);

/** Sign-up goes without an authorization header. */
export const signUp = (body: SignupRequest, locale: string) => post<SignupResponse>('/api/users/me/', body, locale, true);

export const signInWithGoogle = (idToken: string, locale: string) =>
  post<SocialAuthResponse>('/api/auth/google/', { id_token: idToken }, locale);

export const signInWithFacebook = (accessToken: string, locale: string) =>
  post<SocialAuthResponse>('/api/auth/facebook/', { access_token: accessToken }, locale);

/** `204`: the token is dead from now on. */
export function logOut(locale: string) {
  return apiRequest<void>('/api/users/logout/', { method: 'POST', locale });
}

export const getMe = (locale: string) => apiRequire<User>('/api/users/me/', { locale });

/** A changed e-mail or phone comes back unverified. */
export const updateMe = (body: ProfileUpdateRequest, locale: string) => apiRequire<User>('/api/users/me/', { method: 'PUT', body, locale });

export const resendVerificationCode = (channel: VerificationChannel, locale: string) =>
  post<Detail>(`/api/users/${channel}/resend_verification_code/`, {}, locale);

export const verifyChannel = (channel: VerificationChannel, code: string, locale: string) =>
  post<Detail>(`/api/users/${channel}/verify_${channel}/`, { code }, locale);

/** Password reset, three steps: send the code, check it, set the new password. */
export const sendResetEmail = (email: string, locale: string) => post<Detail>('/api/users/password/send_reset_email/', { email }, locale);

export const checkResetCode = (email: string, code: string, locale: string) =>
  post<Detail>('/api/users/password/check_reset_code/', { email, code }, locale);

export const resetPassword = (email: string, code: string, password: string, locale: string) =>
  post<Detail>('/api/users/password/reset_password/', { email, code, password }, locale);

export const getPoints = (locale: string) => apiRequire<PointsResponse>('/api/users/points/', { locale });

export type CartMergeAdjustment = CartMergeResponse['adjustments'][number];

/**
 * After signing in: joins the guest cart of this browser (`products`, `offers`, and the checkout extras, which the
 * account takes only when it has none) into the account's cart, empties it
 * and tells the cart to read itself again. Nothing is sent when it is empty. Answers what could not be added as asked;
 * a failed merge rejects with the server's body and leaves the guest cart in place.
 */
export async function mergeGuestCart(locale: string): Promise<CartMergeAdjustment[]> {
  const guest = readGuestCart(window.localStorage);
  const extras = readGuestExtras(window.localStorage);
  const noExtras = sameExtras(extras, NO_EXTRAS);
  if (guest.products.length === 0 && guest.offers.length === 0 && noExtras) return [];
  const answer = await post<CartMergeResponse>('/api/carts/merge/', noExtras ? guest : { ...guest, extras }, locale);
  clearGuestCart(window.localStorage);
  clearGuestExtras(window.localStorage);
  announceCartChanged();
  return answer.adjustments;
}
