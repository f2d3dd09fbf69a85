import { expect, test } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useCarousel } from './useCarousel';

test('wraps past either end and clamps goTo into range', () => {
  const { result } = renderHook(() => useCarousel(3));
  expect(result.current.index).toBe(0);
  act(() => result.current.previous());
  expect(result.current.index).toBe(2);
  act(() => result.current.next());
  expect(result.current.index).toBe(0);
  act(() => result.current.goTo(4));
  expect(result.current.index).toBe(1);
  act(() => result.current.goTo(-1));
  expect(result.current.index).toBe(2);
});
