import { describe, expect, it } from 'vitest';
import type { Address } from '@attar/contract';
import { withSaved } from './saved-addresses';

const address = (id: number, is_default: boolean, street = `${id} Nile Street`): Address => ({
  id,
  name: 'Amira Fathy',
  phone: '+201001112223',
  region: { id: 1, name: 'Cairo' },
  city: { id: 2, name: 'Nasr City' },
  street,
  building: '',
  floor: '',
  apartment: '',
  landmark: '',
  is_default,
});

describe('withSaved', () => {
  it('adds a new address at the end, leaving the default alone', () => {
    expect(withSaved([address(1, true)], address(2, false)).map((a) => [a.id, a.is_default])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('puts an edited address in its place', () => {
    const list = withSaved([address(1, true), address(2, false)], address(2, false, '9 Edited Street'));
    expect(list.map((a) => a.street)).toEqual(['1 Nile Street', '9 Edited Street']);
  });

  it('leaves exactly one default when the saved one is the new default', () => {
    const list = withSaved([address(1, true), address(2, false), address(3, false)], address(3, true));
    expect(list.filter((a) => a.is_default).map((a) => a.id)).toEqual([3]);
    expect(
      withSaved(list, address(4, true))
        .filter((a) => a.is_default)
        .map((a) => a.id),
    ).toEqual([4]);
  });
});
