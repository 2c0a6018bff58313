import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

const viewport = (width: number, height: number) =>
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });

/**
 * The tests of the describe block this is called in see the screens on a phone: the window is 375 × 812 px
 * (every max-width query below 600 px matches, as MUI's `down('sm')` asks), then back to 1024 × 768 after
 * each test, once the screen is unmounted (it would otherwise follow the window back outside act()).
 */
export const onAPhone = () => {
  beforeEach(() => viewport(375, 812));
  afterEach(() => {
    cleanup();
    viewport(1024, 768);
  });
};
