import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  acceptConfirmation,
  bulkButton,
  fill,
  recordRequests,
  row,
  type SentRequest,
  selectRows,
  writesOf,
} from './harness';
import { onAPhone } from './phone';

type Text = string | RegExp;

/** A confirmation: what it asks (one text or several, in its dialog), and what the screen says once done. */
interface Confirmation {
  ask: Text | readonly Text[];
  done: string;
}

/**
 * What a code list's shared scenarios need of one kind of code (components/codes): its list holds ann (with
 * an email address), bob (without) and cid (with one).
 */
export interface CodeList {
  /** Renders the list, with its codes or with none, or with send-mail refusing. */
  render: (options: { empty?: boolean; refuseMail?: boolean }) => { user: UserEvent };
  /** A text of the listed codes, and the empty list's heading. */
  listed: string;
  empty: string;
  /** What Generate says, and the code it makes shows. */
  generated: string;
  /** The call Generate makes. */
  generate: SentRequest;
  /** Toolbar buttons of the kind that a list without code does not offer either (Download All). */
  absentWhileEmpty?: readonly string[];
  /** The search box's placeholder, and what the list says when it matches no code. */
  search: { placeholder: string; noMatch: string };
  /** The ids of ann's, bob's and cid's codes. */
  ids: { ann: string; bob: string; cid: string };
  /** The calls the actions make. */
  calls: {
    sendMail: (ids: string[], email?: string) => SentRequest;
    regenerate: (which: { all: true } | { ids: string[] }) => SentRequest;
    delete: (ids: string[]) => SentRequest;
  };
  /** The names of a row's buttons, for the code of `who`. */
  rowButtons: { mail: (who: string) => string; regenerate: (who: string) => string };
  /** The name of the dialog that sends one code. */
  mailDialog: string;
  /** What sending says: for one code from its row, for two selected, for two of which one has no address. */
  mailed: { one: string; two: string; oneSkipped: string };
  /** What send-mail says when it refuses. */
  refusal: string;
  /** The confirmations: re-generate all, re-generate bob's and cid's, re-generate cid's, delete ann's and bob's. */
  confirm: { all: Confirmation; selected: Confirmation; one: Confirmation; delete: Confirmation };
  /** On a phone, the texts of the lines shown (the first once the codes are in). */
  phone: readonly string[];
}

const open = async (kind: CodeList, options: { refuseMail?: boolean } = {}) => {
  const rendered = kind.render(options);
  await screen.findByText(kind.listed);
  return rendered;
};

/**
 * Answers the open confirmation once it asks what it should (after the checks of `whileAsking`), and waits
 * for what the screen says once done.
 */
const confirmed = async (user: UserEvent, { ask, done }: Confirmation, whileAsking = () => {}) => {
  const dialog = await screen.findByRole('dialog');
  for (const text of [ask].flat()) expect(within(dialog).getByText(text)).toBeInTheDocument();
  whileAsking();
  await acceptConfirmation(user);
  expect(await screen.findByText(done)).toBeInTheDocument();
};

/** Opens the dialog that sends the code of `who`; its email field. */
const mailDialogOf = async (kind: CodeList, user: UserEvent, who: string) => {
  await user.click(screen.getByRole('button', { name: kind.rowButtons.mail(who) }));
  const dialog = await screen.findByRole('dialog', { name: kind.mailDialog });
  const send = () => user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return { dialog, email: within(dialog).getByRole('textbox', { name: /Email address/ }), send };
};

/**
 * What every code list's toolbar does (activation codes, OTP codes): Generate first, then Re-generate all,
 * kept while the filters match nothing; the spec's page sizes.
 */
export const itBehavesAsACodeList = (kind: CodeList) => {
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

  it('offers Re-generate all once there are codes, and re-generates them all after confirming', async () => {
    const sent = recordRequests();
    const { user } = await open(kind);
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-generate all' }));
    await confirmed(user, kind.confirm.all, () => expect(writesOf(sent)).toEqual([]));
    expect(writesOf(sent)).toEqual([kind.calls.regenerate({ all: true })]);
  });

  it('keeps Re-generate all when the filters match no code of a list that has some', async () => {
    const { user } = await open(kind);
    await fill(user, screen.getByPlaceholderText(kind.search.placeholder), 'nobody');
    expect(await screen.findByText(kind.search.noMatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-generate all' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('offers the page sizes of the spec', async () => {
    const { user } = kind.render({});
    await screen.findByText(kind.listed);
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100', '500', '1000']);
  });
};

/** What every code list does with the selected codes: send them by email, re-generate them, delete them. */
export const itActsOnSelectedCodes = (kind: CodeList) => {
  const { ids, calls } = kind;

  it('sends the selected codes by email', async () => {
    const sent = recordRequests();
    const { user } = await open(kind);
    await selectRows(user, 'ann', 'cid');
    await user.click(bulkButton('Send Mail'));
    expect(await screen.findByText(kind.mailed.two)).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([calls.sendMail([ids.ann, ids.cid])]);
  });

  it('says how many were skipped for want of an email address', async () => {
    const { user } = await open(kind);
    await selectRows(user, 'ann', 'bob');
    await user.click(bulkButton('Send Mail'));
    expect(await screen.findByText(kind.mailed.oneSkipped)).toBeInTheDocument();
  });

  /** Ticks the codes of `who`, clicks the bulk `button` and confirms; the calls sent. */
  const confirmOnSelected = async (button: string, who: string[], confirmation: Confirmation) => {
    const sent = recordRequests();
    const { user } = await open(kind);
    await selectRows(user, ...who);
    await user.click(bulkButton(button));
    await confirmed(user, confirmation);
    return sent;
  };

  it('re-generates the selected codes after confirming', async () => {
    const sent = await confirmOnSelected('Re-generate', ['bob', 'cid'], kind.confirm.selected);
    expect(writesOf(sent)).toEqual([calls.regenerate({ ids: [ids.bob, ids.cid] })]);
  });

  it('deletes the selected codes after confirming', async () => {
    const sent = await confirmOnSelected('Delete', ['ann', 'bob'], kind.confirm.delete);
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(row('cid')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([calls.delete([ids.ann, ids.bob])]);
  });
};

/** What every code list does with the code of a row: send it by email (checking the address), re-generate it. */
export const itActsOnACode = (kind: CodeList) => {
  const { ids, calls } = kind;

  it('refuses to send a code to no address or a malformed one, sending nothing', async () => {
    const sent = recordRequests();
    const { user } = await open(kind);
    const { dialog, email, send } = await mailDialogOf(kind, user, 'bob');
    expect(email).toHaveValue('');
    await send();
    expect(await within(dialog).findByText('Email must not be empty')).toBeInTheDocument();
    await fill(user, email, 'bob-at-acme');
    await send();
    expect(await within(dialog).findByText('Please input a valid email.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([]);
  });

  it("starts from the user's address, says 'Email must not be empty' once cleared, and sends to the one typed", async () => {
    const sent = recordRequests();
    const { user } = await open(kind);
    const { dialog, email, send } = await mailDialogOf(kind, user, 'ann');
    expect(email).toHaveValue('ann@acme.test');
    await user.clear(email);
    await send();
    expect(await within(dialog).findByText('Email must not be empty')).toBeInTheDocument();
    await fill(user, email, 'ann.lee@acme.test');
    await send();
    expect(await screen.findByText(kind.mailed.one)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(sent)).toEqual([calls.sendMail([ids.ann], 'ann.lee@acme.test')]);
  });

  it("shows the server's refusal as a warning and keeps the dialog open", async () => {
    const { user } = await open(kind, { refuseMail: true });
    const { send } = await mailDialogOf(kind, user, 'ann');
    await send();
    expect(await screen.findByText(kind.refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: kind.mailDialog })).toBeInTheDocument();
  });

  it('re-generates one code after confirming', async () => {
    const sent = recordRequests();
    const { user } = await open(kind);
    await user.click(screen.getByRole('button', { name: kind.rowButtons.regenerate('cid') }));
    await confirmed(user, kind.confirm.one);
    expect(writesOf(sent)).toEqual([calls.regenerate({ ids: [ids.cid] })]);
  });
};

/** On a phone, every code list lists its codes simply, each with its actions. */
export const describeCodesOnAPhone = (kind: CodeList) =>
  describe('on a phone', () => {
    onAPhone();

    it('lists the codes simply, each with its actions', async () => {
      const sent = recordRequests();
      const { user } = kind.render({});
      const [first, ...others] = kind.phone;
      expect(await screen.findByText(first)).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
      for (const text of others) expect(screen.getByText(text)).toBeInTheDocument();
      const { send } = await mailDialogOf(kind, user, 'cid');
      await send();
      expect(await screen.findByText(kind.mailed.one)).toBeInTheDocument();
      expect(writesOf(sent)).toEqual([kind.calls.sendMail([kind.ids.cid], 'cid@acme.test')]);
    });
  });
