import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { operatorInside } from '../harness';
import { renderAt } from './fixtures';

/** The serious and critical axe violations of the page as drawn (jsdom cannot judge colour contrast). */
const violations = async () => {
  const results = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations
    .filter((one) => one.impact === 'serious' || one.impact === 'critical')
    .map((one) => `${one.id}: ${one.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

describe('the theme screens for assistive technologies', () => {
  it('the editor, on the common screen and on a screen', async () => {
    const { user } = renderAt('/theme/th1', { session: operatorInside });
    await screen.findByRole('tab', { name: 'Common' });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Approval' }));
    expect(await violations()).toEqual([]);
  });

  it('a locked theme in the editor', async () => {
    renderAt('/theme/th2');
    await screen.findByRole('tab', { name: 'Common' });
    expect(await violations()).toEqual([]);
  });

  it('the list', async () => {
    renderAt('/theme');
    await screen.findByText('Acme brand');
    expect(await violations()).toEqual([]);
  });

  it('the show page', async () => {
    renderAt('/theme/th3/show');
    await screen.findByText('Borrowed brand');
    expect(await violations()).toEqual([]);
  });
});
