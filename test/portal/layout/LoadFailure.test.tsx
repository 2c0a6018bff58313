import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../../src/i18n';
import { LoadFailureBoundary } from '../../../src/layout/LoadFailure';

const FailedPage = (): never => {
  throw new Error('Failed to fetch dynamically imported module');
};

const at = (path: string, page: 'failed' | 'fine') => (
  <AdminContext i18nProvider={i18nProvider}>
    <LoadFailureBoundary resetKey={path}>
      {page === 'failed' ? <FailedPage /> : <p>the page</p>}
    </LoadFailureBoundary>
  </AdminContext>
);

describe('a page whose code cannot be loaded', () => {
  it('offers to reload the portal, and leaves that behind on the next page', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(at('/docs/intro/faq', 'failed'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeInTheDocument();
    rerender(at('/login', 'fine'));
    expect(await screen.findByText('the page')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
