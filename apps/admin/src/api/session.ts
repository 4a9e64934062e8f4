/** The signed-in member's session: who it is, signing in and out, and what a 401 anywhere means. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffSession, StaffSignIn } from '@attar/contract';
import { api, isSignedOut, setCsrfToken } from './client';

export const SESSION_KEY = ['session'] as const;

/** Set when a signed-in member's session ended by itself (idle, expired, signed out elsewhere): sign-in says so. */
let sessionExpired = false;

export const sessionHasExpired = () => sessionExpired;

/** Forgets the member and everything loaded for them; the frame then sends the screen to sign-in. */
function forgetSession(client: QueryClient, expired: boolean) {
  setCsrfToken(null);
  sessionExpired = expired;
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  client.setQueryData(SESSION_KEY, null);
}

/** Any call answered 401 while signed in: the session is over. */
export function onApiError(client: QueryClient, error: unknown) {
  if (isSignedOut(error) && client.getQueryData(SESSION_KEY)) forgetSession(client, true);
}

/** The signed-in member, or null; its CSRF token is kept (in memory) for the writes that follow. */
export function useSession() {
  const client = useQueryClient();
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<StaffSession | null> => {
      try {
        const session = await api<StaffSession>('GET', '/api/staff/session/');
        setCsrfToken(session.csrf_token);
        return session;
      } catch (error) {
        if (!isSignedOut(error)) throw error;
        setCsrfToken(null);
        if (client.getQueryData(SESSION_KEY)) sessionExpired = true;
        return null;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignIn) => api<StaffSession>('POST', '/api/staff/session/', input),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      sessionExpired = false;
      client.setQueryData(SESSION_KEY, session);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) =>
      everywhere ? api<void>('POST', '/api/staff/session/everywhere/') : api<void>('DELETE', '/api/staff/session/'),
    onSettled: () => forgetSession(client, false),
  });
}
