import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { recordRequests, type SentRequest, writesOf } from './harness';

/** What a code list's shared scenarios need of one kind of code (components/codes). */
export interface CodeListScenarios {
  /** Renders the list, with its codes or with none. */
  render: (options: { empty?: boolean }) => { user: UserEvent };
  /** A text of the listed codes, and the empty list's heading. */
  listed: string;
  empty: string;
  /** What Generate says, and the code it makes shows. */
  generated: string;
  /** The call Generate makes. */
  generate: SentRequest;
  /** Toolbar buttons of the kind that a list without code does not offer either (Download All). */
  absentWhileEmpty?: readonly string[];
}

/** What every code list does (activation codes, OTP codes): Generate first, then Re-generate all; the spec's page sizes. */
export const itBehavesAsACodeList = (kind: CodeListScenarios) => {
  it('offers Generate while there is no code, then Re-generate all', async () => {
    const sent = recordRequests();
    const { user } = kind.render({ empty: true });
    expect(await screen.findByText(kind.empty)).toBeInTheDocument();
    for (const name of ['Re-generate all', ...(kind.absentWhileEmpty ?? [])])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(kind.generated)).toBeInTheDocument();
    expect(await screen.findByText('dan')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Re-generate all' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(writesOf(sent)).toEqual([kind.generate]);
  });

  it('offers the page sizes of the spec', async () => {
    const { user } = kind.render({});
    await screen.findByText(kind.listed);
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100', '500', '1000']);
  });
};
