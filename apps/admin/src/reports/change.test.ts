import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('a figure’s change on the previous period', () => {
  it('is a share of the previous figure, up or down', () => {
    expect(changeOf(112, 100)).toEqual({ kind: 'up', share: 0.12 });
    expect(changeOf(75, 100)).toEqual({ kind: 'down', share: 0.25 });
    expect(changeOf(1250.5, 1250.5)).toEqual({ kind: 'same', share: 0 });
  });

  it('is new when the previous period had none, and the same when neither had any', () => {
    expect(changeOf(5, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same', share: 0 });
    expect(changeOf(0, 40)).toEqual({ kind: 'down', share: 1 });
  });

  it('measures a rise from a negative figure against its size', () => {
    expect(changeOf(50, -100)).toEqual({ kind: 'up', share: 1.5 });
    expect(changeOf(-150, -100)).toEqual({ kind: 'down', share: 0.5 });
  });
});
