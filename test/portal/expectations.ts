import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type renderAdmin, row } from './harness';

/** What the resource tests expect of lists and forms alike. */

/** Expects the table row showing `text` to show each of these texts as well. */
export const expectRowToShow = (text: string, ...texts: (string | RegExp)[]) => {
  const cells = within(row(text));
  for (const shown of texts) expect(cells.getByText(shown)).toBeInTheDocument();
};

/** The body of a list's first search in the post-search convention: its first page of 10, unfiltered. */
export const firstSearch = (field: string, order: 'ASC' | 'DESC') => ({
  page: 0,
  limit: 10,
  filters: {},
  sort: { field, order },
});

/** Double-clicks the row showing `text`: the screens go to `path`, the edit page whose form shows `value`. */
export const expectDoubleClickToEdit = async (
  { user, pathname }: ReturnType<typeof renderAdmin>,
  text: string,
  path: string,
  value: string,
) => {
  await user.dblClick(await screen.findByText(text));
  await waitFor(() => expect(pathname()).toBe(path));
  expect(await screen.findByDisplayValue(value)).toBeInTheDocument();
};

/** Expects the screen to offer none of these links and buttons, nor (`noCheckbox`) a row to tick. */
export const expectNoneOf = ({
  links = [],
  buttons = [],
  noCheckbox = false,
}: {
  links?: string[];
  buttons?: (string | RegExp)[];
  noCheckbox?: boolean;
}) => {
  for (const name of links) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
  for (const name of buttons) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  if (noCheckbox) expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
};
