import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itBehavesAsACodeList } from '../codeListScenarios';
import { acceptConfirmation, bulkButton, fill, recordRequests, row, selectRows, writesOf } from '../harness';
import { server } from '../msw';
import { onAPhone } from '../phone';
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

describe('the toolbar', () => {
  itBehavesAsACodeList({
    render: ({ empty }) => renderAt('tp1', empty ? { codes: [] } : {}),
    listed: 'ann@acme.test',
    empty: 'No activation codes yet',
    generated: 'Generated 1 activation code',
    generate: { method: 'PUT', path: `${AC}/generate/c1/tp1`, body: undefined },
    absentWhileEmpty: ['Download All'],
  });

  it('offers Re-generate all once the pack has codes, and re-generates them after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-generate all' }));
    expect(
      await screen.findByText(/Every current activation code of this token pack stops working/),
    ).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([]);
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate code successfully')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'PUT', path: `${AC}/c1/re-generate/tp1`, body: { all: true } },
    ]);
  });

  it('keeps Re-generate all when the filters match no code of a pack that has some', async () => {
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await fill(user, screen.getByPlaceholderText('Search'), 'nobody');
    expect(await screen.findByText('No activation codes match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-generate all' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

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

describe('the actions on the selected codes', () => {
  it('sends the selected codes by email', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await selectRows(user, 'ann', 'cid');
    await user.click(bulkButton('Send Mail'));
    expect(
      await screen.findByText('2 selected activation code(s) are sent successfully'),
    ).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'POST', path: `${AC}/c1/send-mail`, body: { ids: [ANN.id, CID.id] } },
    ]);
  });

  it('says how many were skipped for want of an email address', async () => {
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await selectRows(user, 'ann', 'bob');
    await user.click(bulkButton('Send Mail'));
    expect(
      await screen.findByText(
        '1 selected activation code(s) are sent successfully. 1 without an email address were skipped.',
      ),
    ).toBeInTheDocument();
  });

  it('re-generates the selected codes after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await selectRows(user, 'bob', 'cid');
    await user.click(bulkButton('Re-generate'));
    expect(
      await screen.findByText(/The current codes of the 2 selected users stop working/),
    ).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate code successfully')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'PUT', path: `${AC}/c1/re-generate/tp1`, body: { ids: [BOB.id, CID.id] } },
    ]);
  });

  it('deletes the selected codes after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await selectRows(user, 'ann', 'bob');
    await user.click(bulkButton('Delete'));
    expect(await screen.findByText(/Delete the 2 selected activation codes\?/)).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('2 activation codes deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(row('cid')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'DELETE', path: `${AC}/c1/delete-many`, body: { ids: [ANN.id, BOB.id] } },
    ]);
  });
});

describe("a row's actions", () => {
  it('refuses to send a code to no address or a malformed one, sending nothing', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send the code of bob by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the activation code by email' });
    const email = within(dialog).getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Email must not be empty')).toBeInTheDocument();
    await fill(user, email, 'bob-at-acme');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please input a valid email.')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([]);
  });

  it("sends a code to the user's address, or another one typed", async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send the code of ann by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the activation code by email' });
    const email = within(dialog).getByRole('textbox', { name: /Email address/ });
    expect(email).toHaveValue('ann@acme.test');
    await user.clear(email);
    await fill(user, email, 'ann.lee@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The activation code is sent successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(sent)).toEqual([
      { method: 'POST', path: `${AC}/c1/send-mail`, body: { ids: [ANN.id], email: 'ann.lee@acme.test' } },
    ]);
  });

  it("shows the server's refusal as a warning and keeps the dialog open", async () => {
    const { user } = renderAt('tp1', {
      sendMail: {
        status: 404,
        messageKey: 'error.activationCode.notFound',
        message: 'This activation code does not exist.',
      },
    });
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send the code of ann by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the activation code by email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This activation code does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send the activation code by email' })).toBeInTheDocument();
  });

  it('re-generates one code after confirming', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    await screen.findByText('ann@acme.test');
    await user.click(screen.getByRole('button', { name: 'Re-generate the code of cid' }));
    expect(
      await screen.findByText('The current code of cid stops working: the user needs the new one.'),
    ).toBeInTheDocument();
    await acceptConfirmation(user);
    expect(await screen.findByText('Re-generate code successfully')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'PUT', path: `${AC}/c1/re-generate/tp1`, body: { ids: [CID.id] } },
    ]);
  });
});

describe('on a phone', () => {
  onAPhone();

  it('lists the codes simply, each with its actions', async () => {
    const sent = recordRequests();
    const { user } = renderAt();
    expect(await screen.findByText('7KQ2-M9XD-4HJT-0PWC')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('bob · Activated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the code of cid by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the activation code by email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The activation code is sent successfully')).toBeInTheDocument();
    expect(writesOf(sent)).toEqual([
      { method: 'POST', path: `${AC}/c1/send-mail`, body: { ids: [CID.id], email: 'cid@acme.test' } },
    ]);
  });
});

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
