/**
 * Tags on orders and on customers (decision 0058): the tags in use as suggestions for the tag input, and adding and
 * removing one. The orders' and the customers' rooms say what else a change makes out of date.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagKind, TagList, TagSuggestions } from '@attar/contract';
import { api, queryString } from './client';

const PATHS: Record<TagKind, string> = { order: '/api/staff/orders/', customer: '/api/staff/customers/' };

/** The tags' queries; a key is the prefix of those beneath it. */
export const tagKeys = {
  suggestions: () => ['tag-suggestions'] as const,
  matching: (kind: TagKind, q: string) => [...tagKeys.suggestions(), kind, q] as const,
};

/** The tags in use on `kind` that contain `q`, the most used first; asked only once the input is used. */
export function useTagSuggestions(kind: TagKind, q: string, enabled: boolean) {
  return useQuery({
    queryKey: tagKeys.matching(kind, q),
    queryFn: () => api<TagSuggestions>('GET', `${PATHS[kind]}tags/${queryString({ q })}`),
    select: (answer) => answer.results.map((result) => result.tag),
    enabled,
  });
}

/** Adding and removing a tag of the `kind` whose id is `id`; after either, the suggestions and `changed`. */
export function useTagChanges(kind: TagKind, id: number, changed: () => void) {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: tagKeys.suggestions() });
    changed();
  };
  const add = useMutation({ mutationFn: (tag: string) => api<TagList>('POST', `${PATHS[kind]}${id}/tags/`, { tag }), onSuccess });
  const remove = useMutation({
    mutationFn: (tag: string) => api<TagList>('DELETE', `${PATHS[kind]}${id}/tags/${queryString({ tag })}`),
    onSuccess,
  });
  return { add, remove };
}
export type TagChanges = ReturnType<typeof useTagChanges>;
