import type { Address } from '@attar/contract';

/** The list with a just-saved address in (in place, or at the end); a new default leaves the others not default. */
export function withSaved(list: Address[], saved: Address): Address[] {
  const others = list.map((each) => (saved.is_default && each.id !== saved.id ? { ...each, is_default: false } : each));
  return others.some((each) => each.id === saved.id) ? others.map((each) => (each.id === saved.id ? saved : each)) : [...others, saved];
}
