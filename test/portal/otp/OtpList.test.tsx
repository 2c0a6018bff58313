import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/kit/dates';
import * as codeList from '../codeListScenarios';
import { bulkButton, fill, recordRequests, row, selectRows } from '../harness';
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
    expect(ann.getByText(formatDate(ANN.generatedDate, { time: true }))).toBeInTheDocument();
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

const MAILBOX_UNAVAILABLE = {
  status: 502,
  messageKey: 'smtp.refused',
  message: '550 5.1.1 Mailbox unavailable',
};

/** The OTP codes of s1, as the code lists' shared scenarios see them. */
const codes: codeList.CodeList = {
  render: ({ empty, refuseMail }) =>
    renderAt('s1', { ...(empty && { codes: [] }), ...(refuseMail && { sendMail: MAILBOX_UNAVAILABLE }) }),
  listed: ANN.seedNumber,
  empty: 'No OTP codes yet',
  generated: 'Generated 1 OTP code',
  generate: { method: 'POST', path: `${O}/tp1/v2/generate?customerId=c1`, body: { serviceId: 's1' } },
  search: { placeholder: 'Search by username', noMatch: 'No OTP codes match this username.' },
  ids: { ann: ANN.id, bob: BOB.id, cid: CID.id },
  calls: {
    sendMail: (ids, email) => ({
      method: 'POST',
      path: `${O}/c1/send-mail`,
      body: { serviceId: 's1', ids, ...(email && { email }) },
    }),
    regenerate: (which) => ({
      method: 'POST',
      path: `${O}/tp1/v2/re-generate?customerId=c1`,
      body: { serviceId: 's1', ...which },
    }),
    delete: (ids) => ({ method: 'DELETE', path: `${O}/tp1/c1`, body: { serviceId: 's1', ids } }),
  },
  rowButtons: {
    mail: (who) => `Send the OTP code of ${who} by email`,
    regenerate: (who) => `Re-generate the OTP code of ${who}`,
  },
  mailDialog: 'Send the OTP code by email',
  mailed: {
    one: '1 selected OTP code is sent successfully.',
    two: '2 selected OTP codes are sent successfully.',
    oneSkipped: '1 selected OTP code is sent successfully. Skipped, without an email address: 1.',
  },
  refusal: MAILBOX_UNAVAILABLE.message,
  confirm: {
    all: {
      ask: ['Re-generate all OTP codes?', 'All current OTP codes will be unavailable.'],
      done: 'Re-generate 3 OTP codes',
    },
    selected: {
      ask: 'The current OTP secrets of the 2 selected users stop working.',
      done: 'Re-generate 2 OTP codes',
    },
    one: { ask: /The current OTP secret of cid stops working/, done: 'Re-generate OTP successfully.' },
    delete: { ask: "Delete selected user's OTP.", done: 'Deleted 2 OTP codes' },
  },
  phone: [ANN.seedNumber],
};

describe('the toolbar', () => codeList.itBehavesAsACodeList(codes));

describe('the actions on the selected codes', () => {
  codeList.itActsOnSelectedCodes(codes);

  it('shows a failed send in the raw words of the server, as a warning', async () => {
    const { user } = renderAt('s1', { sendMail: MAILBOX_UNAVAILABLE });
    await listed();
    await selectRows(user, 'ann');
    await user.click(bulkButton('Send Mail'));
    expect(await screen.findByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
  });
});

describe("a row's actions", () => codeList.itActsOnACode(codes));

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

codeList.describeCodesOnAPhone(codes);

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
