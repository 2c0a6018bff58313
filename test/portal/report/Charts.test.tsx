import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_BAR_PX, StatusBars } from '../../../src/pages/report/Charts';

/**
 * The dashboard's bars as drawn (x-charts' SVG): a small count beside a large one stays a visible bar with its
 * value over it. jsdom lays nothing out, so the chart is given a width through getComputedStyle.
 */

afterEach(() => vi.restoreAllMocks());

const drawn = (container: HTMLElement) => ({
  bars: [...container.querySelectorAll('rect.MuiBarChart-element')].map((rect) =>
    Number(rect.getAttribute('height')),
  ),
  labels: [...container.querySelectorAll('text')].map((text) => text.textContent),
});

describe('the status bars', () => {
  it('draws 1 beside 500 as a bar of a few pixels, and labels every bar with its value', async () => {
    // The chart reads its width from its container's computed style.
    const computed = window.getComputedStyle.bind(window);
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      const style = computed(element, pseudo);
      return new Proxy(style, {
        get: (target, key) => {
          if (key === 'width') return '400px';
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    });
    const { container } = render(
      <StatusBars
        bars={[
          { label: 'New', value: 500, colour: '#1565c0' },
          { label: 'Activated', value: 1, colour: '#2e7d32' },
        ]}
      />,
    );
    // The bars grow into place (an animation): the drawing once it has ended.
    await waitFor(() => {
      const { bars, labels } = drawn(container);
      expect(bars).toHaveLength(2);
      expect(Math.min(...bars)).toBeGreaterThanOrEqual(MIN_BAR_PX);
      expect(labels).toEqual(expect.arrayContaining(['500', '1']));
    });
  });
});
