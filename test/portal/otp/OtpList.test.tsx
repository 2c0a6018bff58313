import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itBehavesAsACodeList } from '../codeListScenarios';
import { acceptConfirmation, bulkButton, fill, recordRequests, row, selectRows, writesOf } from '../harness';
import { onAPhone } from '../phone';
import { ANN, BOB, CID, renderAt, VIEW } from './fixtures';

const O = '/idm-config/reactive/otp';

const lists = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((one) => one.method === 'GET' && one.path.startsWith(`${O}?`)).map((one) => one.path);

/** Waits for the list of s1: ann's secret shown. */
const listed = () => screen.findByText(ANN.seedNumber);

describe("a service's OTP codes", () => {
  it('says to choose a service when none is chosen, and reads no code until one is', async () => {
    const sent = recordRequests();
    const { user } = renderAt(null);
    expect(await screen.findByText(/OTP codes belong to a service: choose one above/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    await user.click(await screen.findByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Head office VPN' }));
    expect(await listed()).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Head office VPN OTP codes \| /));
    expect(lists(sent)).toEqual([
      `${O}?pageNumber=0&pageSize=25&sort=username&order=ASC&serviceId=s1&customerId=c1`,
    ]);
    // Back to no service: the codes go.
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Clear value' }));
    expect(await screen.findByText(/OTP codes belong to a service: choose one above/)).toBeInTheDocument();
    expect(screen.queryByText(ANN.seedNumber)).toBeNull();
  });

  it("titles the page with the service's name and lists its codes: username, secret, generated date", async () => {
    const sent = recordRequests();
    renderAt();
    expect(await listed()).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Head office VPN OTP codes \| /));
    const ann = within(row('ann'));
    expect(ann.getByText(ANN.seedNumber)).toHaveStyle({ fontFamily: 'monospace' });
    expect(ann.getByText(new Date(ANN.generatedDate).toLocaleString('vi-VN'))).toBeInTheDocument();
    expect(row('bob')).toBeInTheDocument();
    // Another service's seed is not among them.
    expect(screen.queryByText('eve')).toBeNull();
    expect(sent.map((one) => one.path)).toContain(
      '/idm-config/token-pack-v2/get-tokenpack-by-service-id/s1?customerId=c1',
    );
  });

  it('says so when the service is not one of the customer', async () => {
    const sent = recordRequests();
    renderAt('s9');
    expect(
      await screen.findByText('Token pack not found. The user is in no token pack yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Service' })).toBeInTheDocument();
    expect(lists(sent)).toEqual([]);
  });

  it('filters by username, keeping the service', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await fill(user, screen.getByPlaceholderText('Search by username'), 'ci');
    await waitFor(() => expect(screen.queryByText('ann')).toBeNull());
    expect(row('cid')).toBeInTheDocument();
    expect(lists(sent)).toContain(
      `${O}?pageNumber=0&pageSize=25&sort=username&order=ASC&serviceId=s1&username=ci&customerId=c1`,
    );
  });

  it('sorts by username and generated date', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    expect(screen.getByRole('button', { name: 'Sort by username descending' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort by generated ascending' }));
    await waitFor(() =>
      expect(lists(sent)).toContain(
        `${O}?pageNumber=0&pageSize=25&sort=generatedDate&order=ASC&serviceId=s1&customerId=c1`,
      ),
    );
    expect(screen.queryByRole('button', { name: /Sort by OTP secret/i })).toBeNull();
  });
});

describe('the toolbar', () => {
  itBehavesAsACodeList({
    render: ({ empty }) => renderAt('s1', empty ? { codes: [] } : {}),
    listed: ANN.seedNumber,
    empty: 'No OTP codes yet',
    generated: 'Generated 1 OTP code',
    generate: { method: 'POST', path: `${O}/tp1/v2/generate?customerId=c1`, body: { serviceId: 's1' } },
  });

  it('re-generates all the codes once the user confirms that the current ones will be unavailable', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-generate all' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Re-generate all OTP codes?')).toBeInTheDocument();
    expect(within(dialog).getByText('All current OTP codes will be unavailable.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([]);
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate 3 OTP codes')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      {
        method: 'POST',
        path: `${O}/tp1/v2/re-generate?customerId=c1`,
        body: { serviceId: 's1', all: true },
      },
    ]);
  });

  it('keeps Re-generate all when the username matches no code of a service that has some', async () => {
    const { user } = renderAt();
    await listed();
    await fill(user, screen.getByPlaceholderText('Search by username'), 'nobody');
    expect(await screen.findByText('No OTP codes match this username.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-generate all' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });
});

describe('the actions on the selected codes', () => {
  it('sends the selected codes by email', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await selectRows(user, 'ann', 'cid');
    await user.click(bulkButton('Send Mail'));
    expect(await screen.findByText('2 selected OTP code(s) are sent successfully.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'POST', path: `${O}/c1/send-mail`, body: { serviceId: 's1', ids: [ANN.id, CID.id] } },
    ]);
  });

  it('says how many were skipped for want of an email address', async () => {
    const { user } = renderAt();
    await listed();
    await selectRows(user, 'ann', 'bob');
    await user.click(bulkButton('Send Mail'));
    expect(
      await screen.findByText(
        '1 selected OTP code(s) are sent successfully. 1 without an email address were skipped.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed send in the raw words of the server, as a warning', async () => {
    const { user } = renderAt('s1', {
      sendMail: { status: 502, messageKey: 'smtp.refused', message: '550 5.1.1 Mailbox unavailable' },
    });
    await listed();
    await selectRows(user, 'ann');
    await user.click(bulkButton('Send Mail'));
    expect(await screen.findByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
  });

  it('re-generates the selected codes after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await selectRows(user, 'bob', 'cid');
    await user.click(bulkButton('Re-generate'));
    expect(
      await screen.findByText('The current OTP secrets of the 2 selected users stop working.'),
    ).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate 2 OTP codes')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      {
        method: 'POST',
        path: `${O}/tp1/v2/re-generate?customerId=c1`,
        body: { serviceId: 's1', ids: [BOB.id, CID.id] },
      },
    ]);
  });

  it('deletes the selected codes after "Delete selected user\'s OTP."', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await selectRows(user, 'ann', 'bob');
    await user.click(bulkButton('Delete'));
    expect(await screen.findByText("Delete selected user's OTP.")).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('Deleted 2 OTP codes')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(row('cid')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'DELETE', path: `${O}/tp1/c1`, body: { serviceId: 's1', ids: [ANN.id, BOB.id] } },
    ]);
  });
});

describe("a row's actions", () => {
  it('refuses to send a code to no address or a malformed one, sending nothing', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Send the OTP code of bob by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the OTP code by email' });
    const email = within(dialog).getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Email must not be empty')).toBeInTheDocument();
    await fill(user, email, 'bob-at-acme');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please input a valid email.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([]);
  });

  it("starts from the user's address, says 'Email must not be empty' once cleared, and sends to the one typed", async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Send the OTP code of ann by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the OTP code by email' });
    const email = within(dialog).getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveValue('ann@acme.test');
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Email must not be empty')).toBeInTheDocument();
    await fill(user, email, 'ann.lee@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('1 selected OTP code(s) are sent successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(sent)).toEqual([
      {
        method: 'POST',
        path: `${O}/c1/send-mail`,
        body: { serviceId: 's1', ids: [ANN.id], email: 'ann.lee@acme.test' },
      },
    ]);
  });

  it("shows the server's refusal as it comes and keeps the dialog open", async () => {
    const { user } = renderAt('s1', {
      sendMail: { status: 502, messageKey: 'smtp.refused', message: '550 5.1.1 Mailbox unavailable' },
    });
    await listed();
    await user.click(screen.getByRole('button', { name: 'Send the OTP code of ann by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the OTP code by email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send the OTP code by email' })).toBeInTheDocument();
  });

  it('re-generates one code after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Re-generate the OTP code of cid' }));
    expect(await screen.findByText(/The current OTP secret of cid stops working/)).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate OTP successfully.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      {
        method: 'POST',
        path: `${O}/tp1/v2/re-generate?customerId=c1`,
        body: { serviceId: 's1', ids: [CID.id] },
      },
    ]);
  });
});

describe('from the service page', () => {
  it("opens the service's OTP codes", async () => {
    const { user, pathname } = renderAt(null, {
      path: '/service-launch/s1',
      permissions: ['service_instance:view', 'service_instance:modify', 'token-pack:view'],
    });
    const link = await screen.findByRole('link', { name: 'OTP codes' });
    expect(link).toHaveAttribute('href', '/otp?filter=%7B%22serviceId%22%3A%22s1%22%7D');
    await user.click(link);
    expect(await listed()).toBeInTheDocument();
    expect(pathname()).toBe('/otp');
    await waitFor(() => expect(document.title).toMatch(/^Head office VPN OTP codes \| /));
  });

  it('offers no link to those who may not see token packs', async () => {
    renderAt(null, {
      path: '/service-launch/s1',
      permissions: ['service_instance:view', 'service_instance:modify'],
    });
    await screen.findByRole('tab', { name: 'Info' });
    expect(screen.queryByRole('link', { name: 'OTP codes' })).toBeNull();
  });
});

describe('on a phone', () => {
  onAPhone();

  it('lists the codes simply, each with its actions', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    expect(await listed()).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the OTP code of cid by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the OTP code by email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('1 selected OTP code(s) are sent successfully.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      {
        method: 'POST',
        path: `${O}/c1/send-mail`,
        body: { serviceId: 's1', ids: [CID.id], email: 'cid@acme.test' },
      },
    ]);
  });
});

describe('with token-pack:view only', () => {
  it('shows the codes without the actions that change, send or delete them', async () => {
    renderAt('s1', { permissions: VIEW });
    await listed();
    expect(screen.queryByRole('button', { name: 'Re-generate all' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the OTP code of ann by email' })).toBeNull();
    expect(within(row('ann')).queryByRole('checkbox')).toBeNull();
  });
});
