import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { StrictMode } from 'react';
import { TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { RouterPageNav } from '../../../src/layout/RouterPageNav';
import { Portal } from '../../../src/Portal';
import { type Refusal, refuse } from '../fakeServer';
import { API, server } from '../msw';

/**
 * A public page as the browser gets it: the portal's first router and light shell (src/Portal.tsx) at
 * `entry`, in React's StrictMode as src/main.tsx draws it (effects run twice: a single-use link must still
 * be sent once). `at()` is where the router is.
 */
export const renderPublicPage = (entry: string | Partial<Location>) => {
  let current: Location | undefined;
  render(
    <StrictMode>
      <TestMemoryRouter initialEntries={[entry]} locationCallback={(location) => (current = location)}>
        <RouterPageNav>
          <Portal />
        </RouterPageNav>
      </TestMemoryRouter>
    </StrictMode>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    at: () => `${current?.pathname ?? ''}${current?.search ?? ''}`,
    state: () => current?.state as unknown,
  };
};

/** The page's h1, once drawn. */
export const findTitle = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The requests made to one POST call, with their JSON bodies. */
export interface Recorded {
  bodies: unknown[];
}

/**
 * From now on, `POST path` answers `answer` (a JSON body with status 200, 201 or 202, or a refusal), and
 * records the bodies it is sent.
 */
export const answerPost = (
  path: string,
  answer: { status: number; json: unknown } | (Refusal & { params?: object }),
): Recorded => {
  const recorded: Recorded = { bodies: [] };
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      recorded.bodies.push(await request.json());
      return 'json' in answer
        ? HttpResponse.json(answer.json as object, { status: answer.status })
        : refuse(answer);
    }),
  );
  return recorded;
};

/** A field of the page's form by its label (the required mark aside). */
export const field = (label: string | RegExp) =>
  screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label, {
    selector: 'input, textarea',
  });

/** The page's own content, without the public top bar and footer (which have their Sign In, Contact us). */
export const main = () => within(screen.getByRole('main'));
