import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as codeList from '../codeListScenarios';
import { bulkButton, captureDownloads, recordRequests, row, selectRows, writesOf } from '../harness';
import { server } from '../msw';
import { AC as AC_URL, ANN, BOB, CID, PACK, renderAt, VIEW } from './fixtures';

const searches = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((one) => one.path.includes('/activation-code/c1/search')).map((one) => one.path);

const AC = '/idm-config/v2/reactive/activation-code';

describe("a token pack's activation codes", () => {
  it("titles the page with the pack's name and lists its codes with their status", async () => {
    const sent = recordRequests();
    renderAt();
    await waitFor(() => expect(document.title).toMatch(/^Professional Token Pack Activation Code \| /));
    expect(await screen.findByText('7KQ2-M9XD-4HJT-0PWC')).toBeInTheDocument();
    const ann = within(row('ann'));
    expect(ann.getByText('ann@acme.test')).toBeInTheDocument();
    expect(ann.getByText('CN=Ann,OU=Staff,DC=acme,DC=test')).toBeInTheDocument();
    expect(ann.getByText('New')).toBeInTheDocument();
    expect(within(row('bob')).getByText('Activated')).toBeInTheDocument();
    expect(within(row('cid')).getByText('Expired')).toBeInTheDocument();
    expect(searches(sent)).toContain(
      `${AC}/c1/search?page=0&pageSize=25&sort=username&order=ASC&tokenPackId=tp1`,
    );
  });

  it('says so when the token pack does not exist', async () => {
    renderAt('tp9');
    expect(await screen.findByText(/Token pack not found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Token packs' })).toHaveAttribute('href', '/token-pack-v2');
    expect(screen.queryByText('No activation codes yet')).toBeNull();
  });

  it('opens from its token pack', async () => {
    const { user, pathname } = renderAt('tp1', { path: '/token-pack-v2/tp1/show' });
    await user.click(await screen.findByRole('link', { name: 'Activation codes' }));
    expect(await screen.findByText('ann@acme.test')).toBeInTheDocument();
    expect(pathname()).toBe('/activation-code/tp1');
  });

  it('filters by email presence and status, keeping the token pack', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('combobox', { name: 'Email' }));
    await user.click(await screen.findByRole('option', { name: 'Without email' }));
    await waitFor(() => expect(screen.queryByText('ann')).toBeNull());
    expect(row('bob')).toBeInTheDocument();
    expect(searches(sent)).toContain(
      `${AC}/c1/search?page=0&pageSize=25&sort=username&order=ASC&emailExist=false&tokenPackId=tp1`,
    );
  });
});

describe("the activation's follow-up", () => {
  it('counts the codes pending, expired and activated, and re-issues the expired ones after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    const followUp = await screen.findByRole('region', { name: 'Activation so far' });
    expect(followUp).toHaveTextContent('Pending1Expired1Activated1');
    expect(within(followUp).getByText('33% activated (1 of 3).')).toBeInTheDocument();
    expect(within(followUp).getByRole('progressbar', { name: 'Share of codes activated' })).toHaveAttribute(
      'aria-valuetext',
      '33%',
    );
    await user.click(within(followUp).getByRole('button', { name: 'Re-issue expired' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-issue 1 expired code?' });
    expect(dialog).toHaveTextContent('valid for 30 days from now');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('Re-issued 1 expired code: 1 emailed, 0 without an email address.'),
    ).toBeInTheDocument();
    expect(sent.map((one) => `${one.method} ${one.path}`)).toContain(`POST ${AC}/c1/re-issue-expired/tp1`);
    // The counts are read again: nothing expired any more, and the button is gone.
    await waitFor(() => expect(followUp).toHaveTextContent('Pending2Expired0Activated1'));
    expect(within(followUp).queryByRole('button', { name: 'Re-issue expired' })).toBeNull();
  });

  it('shows the counts without Re-issue expired to whoever may only view the codes', async () => {
    renderAt('tp1', { permissions: VIEW });
    const followUp = await screen.findByRole('region', { name: 'Activation so far' });
    expect(followUp).toHaveTextContent('Expired1');
    expect(within(followUp).queryByRole('button', { name: 'Re-issue expired' })).toBeNull();
  });
});

describe("the plan's user count", () => {
  it('says how many users the plan left out, with Add users one click away', async () => {
    const { user } = renderAt('tp1', {
      codes: [],
      generated: { generated: 25, leftOut: 476, planCovers: 25, subscriptionId: 's1', tierId: 't1' },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText(
        "Generated 25 activation codes. 476 users are over the plan's 25 and were left out.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add users' })).toHaveAttribute(
      'href',
      '/subscription?action=edit&subscriptionId=s1&tierId=t1&step=1',
    );
  });

  it('says a pack without a subscription covers nobody, and leads to the subscriptions', async () => {
    const { user } = renderAt('tp1', {
      codes: [],
      generated: { generated: 0, leftOut: 3, planCovers: 0, subscriptionId: null, tierId: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText(
        'Generated 0 activation codes. This token pack has no subscription in force, so it covers nobody: 3 users were left out.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/subscription');
  });
});

/** The activation codes of tp1, as the code lists' shared scenarios see them. */
const codes: codeList.CodeList = {
  render: ({ empty, refuseMail }) =>
    renderAt('tp1', {
      ...(empty && { codes: [] }),
      ...(refuseMail && {
        sendMail: {
          status: 404,
          messageKey: 'error.activationCode.notFound',
          message: 'This activation code does not exist.',
        },
      }),
    }),
  listed: 'ann@acme.test',
  empty: 'No activation codes yet',
  generated: 'Generated 1 activation code',
  generate: { method: 'PUT', path: `${AC}/generate/c1/tp1`, body: undefined },
  absentWhileEmpty: ['Download All'],
  search: { placeholder: 'Search', noMatch: 'No activation codes match these filters.' },
  ids: { ann: ANN.id, bob: BOB.id, cid: CID.id },
  calls: {
    sendMail: (ids, email) => ({
      method: 'POST',
      path: `${AC}/c1/send-mail`,
      body: { ids, ...(email && { email }) },
    }),
    regenerate: (which) => ({ method: 'PUT', path: `${AC}/c1/re-generate/tp1`, body: which }),
    delete: (ids) => ({ method: 'DELETE', path: `${AC}/c1/delete-many`, body: { ids } }),
  },
  rowButtons: {
    mail: (who) => `Send the code of ${who} by email`,
    regenerate: (who) => `Re-generate the code of ${who}`,
  },
  mailDialog: 'Send the activation code by email',
  mailed: {
    one: 'The activation code is sent successfully',
    two: '2 selected activation codes are sent successfully',
    oneSkipped: '1 selected activation code is sent successfully. Skipped, without an email address: 1.',
  },
  refusal: 'This activation code does not exist.',
  confirm: {
    all: {
      ask: /Every current activation code of this token pack stops working/,
      done: 'Re-generate code successfully',
    },
    selected: {
      ask: /The current codes of the 2 selected users stop working/,
      done: 'Re-generate code successfully',
    },
    one: {
      ask: 'The current code of cid stops working: the user needs the new one.',
      done: 'Re-generate code successfully',
    },
    delete: { ask: /Delete the 2 selected activation codes\?/, done: '2 activation codes deleted' },
  },
  phone: ['7KQ2-M9XD-4HJT-0PWC', 'bob · Activated'],
};

describe('the toolbar', () => {
  codeList.itBehavesAsACodeList(codes);

  it('says when the pack has no primary directory, with the way to its edit page', async () => {
    const { user } = renderAt('tp1', {
      codes: [],
      generateError: {
        status: 409,
        messageKey: 'error.activationCode.noDirectory',
        message: "Choose the token pack's primary directory first: its users get the codes.",
      },
    });
    await screen.findByText('No activation codes yet');
    expect(screen.queryByRole('link', { name: 'Edit the token pack' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText("Choose the token pack's primary directory first: its users get the codes."),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit the token pack' })).toHaveAttribute(
      'href',
      '/token-pack-v2/tp1',
    );
  });

  it('warns ahead when the pack has no primary directory', async () => {
    renderAt('tp1', { codes: [], pack: { ...PACK, primaryDirectoryId: null } });
    expect(await screen.findByText(/This token pack has no primary directory/)).toBeInTheDocument();
  });
});

describe('the zips of QR codes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  /** Records the files saved, and lets the server answer the zips when `release` is called. */
  const arrange = () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let release!: () => void;
    const zipReady = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { saved, createObjectURL, zipReady, release: () => release() };
  };

  it('downloads all the codes, showing that the zip is being prepared', async () => {
    const { saved, createObjectURL, zipReady, release } = arrange();
    const sent = recordRequests();
    const { user } = renderAt('tp1', { zipReady });
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Download All' }));
    const preparing = await screen.findByRole('button', { name: 'Preparing the zip…' });
    expect(preparing).toBeDisabled();
    expect(saved).toEqual([]);
    release();
    await waitFor(() => expect(saved).toEqual(['Professional Token Pack-activation-codes.zip']));
    expect(await createObjectURL.mock.calls[0][0].text()).toBe('PK-zip-bytes');
    expect(await screen.findByRole('button', { name: 'Download All' })).toBeEnabled();
    expect(sent.map((one) => one.path)).toContain(`${AC}/c1/download-token-pack-ac-zip/tp1`);
  });

  it('shows how far a large zip has come while the server streams it', async () => {
    const { saved, zipReady, release } = arrange();
    const { user } = renderAt('tp1');
    await screen.findByText('ann@acme.test');
    // Four files announced; two arrive, then the rest once released.
    const file = (name: string) => `PK\x03\x04${name}.png-bytes`;
    const encoder = new TextEncoder();
    server.use(
      http.get(
        `${AC_URL}/c1/download-token-pack-ac-zip/:tokenPackId`,
        () =>
          new HttpResponse(
            new ReadableStream({
              async start(controller) {
                controller.enqueue(encoder.encode(file('ann') + file('bob').slice(0, 2)));
                controller.enqueue(encoder.encode(file('bob').slice(2)));
                await zipReady;
                controller.enqueue(encoder.encode(file('cid') + file('dan')));
                controller.close();
              },
            }),
            {
              headers: {
                'Content-Type': 'application/zip',
                'Content-Disposition': 'attachment; filename="Professional Token Pack-activation-codes.zip"',
                'X-Zip-Entries': '4',
              },
            },
          ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download All' }));
    const halfway = await screen.findByRole('button', { name: 'Preparing the zip… 50%' });
    expect(halfway).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Preparing the zip… 50%' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    release();
    await waitFor(() => expect(saved).toEqual(['Professional Token Pack-activation-codes.zip']));
    expect(await screen.findByRole('button', { name: 'Download All' })).toBeEnabled();
  });

  it('downloads the QR codes of the selected codes', async () => {
    const { saved, zipReady, release } = arrange();
    release();
    const sent = recordRequests();
    const { user } = renderAt('tp1', { zipReady });
    await screen.findByText('ann@acme.test');
    await selectRows(user, 'ann', 'cid');
    await user.click(bulkButton('Download Zip QR Code'));
    await waitFor(() => expect(saved).toEqual(['Professional Token Pack-activation-codes.zip']));
    expect(writesOf(sent)).toEqual([
      { method: 'POST', path: `${AC}/c1/zip-token-pack-ac/tp1`, body: { ids: [ANN.id, CID.id] } },
    ]);
  });
});

describe('the actions on the selected codes', () => codeList.itActsOnSelectedCodes(codes));

describe("a row's actions", () => codeList.itActsOnACode(codes));

codeList.describeCodesOnAPhone(codes);

describe('with token-pack:view only', () => {
  it('shows the codes and their downloads, without the actions that change or send them', async () => {
    const { user } = renderAt('tp1', { permissions: VIEW });
    await screen.findByText('ann@acme.test');
    expect(await screen.findByRole('button', { name: 'Download All' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-generate all' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the code of ann by email' })).toBeNull();
    await selectRows(user, 'ann');
    expect(bulkButton('Download Zip QR Code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('every code the filters match', () => {
  const job = (action: string, status: string, changed: number) => ({
    id: 'j1',
    resource: 'activation-code',
    action,
    status,
    total: 5000,
    done: status === 'RUNNING' ? 0 : 5000,
    changed,
    startedDate: '2026-12-05T10:00:00.000Z',
    endedDate: status === 'RUNNING' ? null : '2026-12-05T10:00:05.000Z',
  });
  const manyMatching = () =>
    server.use(
      http.get(`${AC_URL}/c1/search`, () =>
        HttpResponse.json({ content: [ANN, BOB, CID], totalElements: 5000, page: 0, pageSize: 25 }),
      ),
    );

  it('sends them as a job over the pack and the filters, and says how many were emailed', async () => {
    const started: unknown[] = [];
    const { user } = renderAt();
    manyMatching();
    server.use(
      http.post(`${AC_URL}/c1/search/bulk/sendMail`, async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json(job('sendMail', 'RUNNING', 0), { status: 202 });
      }),
      http.get(`${AC_URL}/c1/search/bulk/jobs/j1`, () => HttpResponse.json(job('sendMail', 'DONE', 4200))),
    );
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('checkbox', { name: /select all/i }));
    await user.click(await screen.findByRole('button', { name: 'Select all 5,000 matching' }));
    // The zip of the picked codes is not offered over all matching (Download All is).
    expect(screen.queryByRole('button', { name: 'Download Zip QR Code' })).toBeNull();
    await user.click(bulkButton('Send Mail'));
    const dialog = await screen.findByRole('dialog', { name: 'Email 5000 activation codes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Mail' }));
    expect(
      await screen.findByText(
        'Send Mail: done. 4,200 of 5,000 emailed; the others have no email address.',
        {},
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    expect(started).toEqual([{ filter: { tokenPackId: 'tp1' } }]);
  });

  it('re-generates and deletes only for those who may, with the filters set', async () => {
    const { user } = renderAt('tp1', { permissions: ['token-pack:view', 'token-pack:configure'] });
    manyMatching();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('checkbox', { name: /select all/i }));
    await user.click(await screen.findByRole('button', { name: 'Select all 5,000 matching' }));
    expect(bulkButton('Re-generate')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Delete' }).filter((b) => !b.closest('tr'))).toEqual([]);
  });
});

describe("the codes' export", () => {
  it("asks for the token pack's codes with the filters set, not every pack's", async () => {
    const asked: URL[] = [];
    server.use(
      http.get(`${AC_URL}/c1/search/export/csv`, ({ request }) => {
        asked.push(new URL(request.url));
        return new HttpResponse('id,username\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="codes.csv"' },
        });
      }),
    );
    const { saved } = captureDownloads();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (spreadsheet)' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(JSON.parse(asked[0]!.searchParams.get('filter')!)).toEqual({ tokenPackId: 'tp1' });
    await waitFor(() => expect(saved).toEqual(['codes.csv']));
  });
});
