/** The staff screens' calls (manageStaff): members, their password links and two-step sign-in. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffMemberCreate, StaffMemberPatch, StaffPasswordLink, TotpEnrolment } from '@attar/contract';
import { api } from '../api/client';
import { SESSION_KEY } from '../api/session';

export const staffKeys = { members: () => ['members'] as const };

export function useMembers() {
  return useQuery({ queryKey: staffKeys.members(), queryFn: () => api<{ results: StaffMember[] }>('GET', '/api/staff/members/') });
}

export function useCreateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffMemberCreate) => api<StaffPasswordLink>('POST', '/api/staff/members/', input),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.members() }),
  });
}

export function usePatchMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: StaffMemberPatch }) => api<StaffMember>('PATCH', `/api/staff/members/${id}/`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.members() }),
  });
}

/** A member lost their authenticator: two-step sign-in off, their sessions ended. */
export function useResetTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<StaffMember>('POST', `/api/staff/members/${id}/totp-reset/`),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.members() }),
  });
}

export function usePasswordLink() {
  return useMutation({ mutationFn: (id: number) => api<StaffPasswordLink>('POST', `/api/staff/members/${id}/password-link/`) });
}

export function useStartTotp() {
  return useMutation({ mutationFn: () => api<TotpEnrolment>('POST', '/api/staff/totp/') });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<void>('POST', '/api/staff/totp/confirm/', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (input: { token: string; password: string }) => api<void>('POST', '/api/staff/password/', input) });
}
