import type { SignupResponse } from '@attar/contract';

/**
 * The greeting after sign-up, as a catalogue key and its values. It speaks of codes sent only when both went out;
 * otherwise it names what could not be sent and when to ask again (the API's wait, in whole minutes), so the page never
 * claims a code nobody sent.
 */
export function signUpGreeting({ user, codes }: SignupResponse): {
  key: 'account.signUp.created' | 'account.signUp.createdNoCode';
  values: Record<string, string | number>;
} {
  const unsent = (['phone', 'email'] as const).filter((channel) => !codes[channel].sent);
  if (unsent.length === 0) return { key: 'account.signUp.created', values: { name: user.name } };
  const seconds = Math.max(...unsent.map((channel) => codes[channel].retry_after ?? 0));
  return {
    key: 'account.signUp.createdNoCode',
    values: { name: user.name, channels: unsent.length === 2 ? 'both' : unsent[0]!, minutes: Math.ceil(seconds / 60) },
  };
}
