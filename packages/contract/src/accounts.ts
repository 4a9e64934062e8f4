import { z } from 'zod';
import { Id, Locale } from './common';
import { egyptianMobileToE164, PASSWORD_MAX, PASSWORD_MIN } from './rules';

// Account rules without zod live in rules.ts, so the browser can import them alone.
export { asciiDigits, CODE_LENGTH, egyptianMobileToE164, PASSWORD_MAX, PASSWORD_MIN } from './rules';

export const EgyptianMobile = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const e164 = egyptianMobileToE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'Enter an Egyptian mobile number, e.g. 01001234567.' });
      return z.NEVER;
    }
    return e164;
  });

export const Email = z
  .email({ error: 'Enter a valid e-mail address.' })
  .max(254)
  .transform((v) => v.trim().toLowerCase());
export const Password = z
  .string()
  .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.` });
export const PersonName = z.string().trim().min(1, { error: 'Enter your name.' }).max(150);
export const VerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  points: z.number().int().nonnegative(),
  date_joined: z.iso.datetime({ offset: true }),
  /** The language of the account's messages (codes, password reset, alerts): the sign-up page's, changed on the profile. */
  language: Locale,
  /** A new e-mail or phone asked for and sent a code, not in effect until the code comes back; null when none. */
  pending_email: z.string().nullable(),
  pending_phone: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const SignupRequest = z.object({ name: PersonName, email: Email, phone: EgyptianMobile, password: Password });
export type SignupRequest = z.input<typeof SignupRequest>;

export const LoginRequest = z.union([
  z.object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX) }),
  z.object({ phone: EgyptianMobile, password: z.string().min(1).max(PASSWORD_MAX) }),
]);
export type LoginRequest = z.input<typeof LoginRequest>;

export const AuthResponse = z.object({ token: z.string(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;
export const SocialAuthResponse = AuthResponse.extend({ created: z.boolean() });

/**
 * Whether a sign-up's verification code went out on one channel. Not sent (a limit on that number or address, the
 * shop's SMS budget, a delivery failure): `retry_after` is the seconds until a new one may be asked for, null when at
 * once. The account exists either way; the page says what happened and never claims a code it did not send.
 */
export const CodeDelivery = z.object({ sent: z.boolean(), retry_after: z.number().int().positive().nullable() });
export type CodeDelivery = z.infer<typeof CodeDelivery>;
export const SignupResponse = AuthResponse.extend({ codes: z.object({ phone: CodeDelivery, email: CodeDelivery }) });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const TokenVerifyRequest = z.object({ access_token: z.string().max(512) });
export const TokenVerifyResponse = z.object({ detail: z.string(), code: z.literal('token_valid') });

export const ProfileUpdateRequest = z.object({
  name: PersonName,
  email: Email,
  phone: EgyptianMobile,
  /** Absent: the account keeps its language. */
  language: Locale.optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

export const CodeRequest = z.object({ code: VerificationCode });
export const ResetEmailRequest = z.object({ email: Email });
export const CheckResetCodeRequest = z.object({ email: Email, code: VerificationCode });
export const ResetPasswordRequest = z.object({ email: Email, code: VerificationCode, password: Password });

export const GoogleLoginRequest = z.object({ id_token: z.string().min(1).max(8192) });
export const FacebookLoginRequest = z.object({ access_token: z.string().min(1).max(4096) });
/** Which social sign-in buttons the log-in page shows (a provider is null until configured). */
export const AuthProviders = z.object({
  google: z.object({ client_id: z.string() }).nullable(),
  facebook: z.object({ app_id: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

export const PointsEntry = z.object({
  id: Id,
  change: z.number().int(),
  reason: z.string(),
  order_number: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export const PointsResponse = z.object({ points: z.number().int().nonnegative(), history: z.array(PointsEntry) });
export type PointsResponse = z.infer<typeof PointsResponse>;

/** A message in the development outbox (only served while no SMTP server or SMS gateway is configured). */
export const OutboxMessage = z.object({
  id: Id,
  channel: z.enum(['email', 'sms', 'whatsapp']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
