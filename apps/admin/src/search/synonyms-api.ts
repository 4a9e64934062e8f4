/** The synonyms screen's calls (manageCatalogue): the list, adding, changing and deleting an entry. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSynonym, StaffSynonymInput } from '@attar/contract';
import { api } from '../api/client';

const PATH = '/api/staff/search/synonyms/';

/** Every query of this screen is under `all`, so a write invalidates them together. */
export const synonymKeys = {
  all: ['synonyms'] as const,
  list: () => [...synonymKeys.all, 'list'] as const,
};

export function useSynonyms() {
  return useQuery({ queryKey: synonymKeys.list(), queryFn: () => api<StaffSynonym[]>('GET', PATH) });
}

/** Adds an entry (`id` null) or replaces one. */
export function useSaveSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, entry }: { id: number | null; entry: StaffSynonymInput }) =>
      id === null ? api<StaffSynonym>('POST', PATH, entry) : api<StaffSynonym>('PUT', `${PATH}${id}/`, entry),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymKeys.all }),
  });
}

export function useDeleteSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `${PATH}${id}/`),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymKeys.all }),
  });
}
