import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MailMessage, MailSummary } from '../../../contract/mail';
import outbox from '../../../src/resources/outbox';
import { operator, recordRequests, renderAdmin, resourcesOf, row } from '../harness';
import { describeListStates } from '../listScenarios';
import { API, server } from '../msw';

const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const KEPT: MailMessage = {
  id: 'm2',
  customerId: 'c1',
  to: 'ann@acme.test',
  subject: 'Your activation code',
  status: 'OUTBOX',
  attempts: 0,
  lastError: null,
  createdDate: '2024-05-02T08:00:00Z',
  sentDate: null,
  text: 'Your activation code is 7KQ2-M9XD-4HJT-0PWC.',
  html: `<p>Your activation code is <b>7KQ2-M9XD-4HJT-0PWC</b>.</p><img alt="QR code" src="${QR}"><script>parent.hacked = true</script>`,
};
const SENT: MailSummary = {
  id: 'm1',
  customerId: 'c1',
  to: 'bob@acme.test',
  subject: 'Your one-time code',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  createdDate: '2024-05-01T08:00:00Z',
  sentDate: '2024-05-01T08:00:05Z',
};

const summary = ({ text: _text, html: _html, ...rest }: MailMessage): MailSummary => rest;

/** The outbox screens at `path` for an operator who may view the cloud configuration. */
const renderAt = (path: string, mails: MailMessage[] = [KEPT]) => {
  const rows = mails.length > 0 ? [...mails.map(summary), SENT] : [];
  server.use(
    http.get(`${API}/mail/outbox`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const found = rows.filter((mail) => !status || mail.status === status);
      return HttpResponse.json({ content: found, totalElements: found.length, page: 0, pageSize: 25 });
    }),
    http.get(`${API}/mail/outbox/:id`, ({ params }) => {
      const mail = mails.find((one) => one.id === params.id);
      return mail
        ? HttpResponse.json(mail)
        : HttpResponse.json(
            { messageKey: 'error.mail.notFound', message: 'Message not found' },
            { status: 404 },
          );
    }),
  );
  return renderAdmin({
    path,
    permissions: ['vos-cloud-configuration:view'],
    session: operator,
    children: resourcesOf(outbox),
  });
};

describeListStates('the outbox', {
  render: ({ empty }) => renderAt('/outbox', empty ? [] : undefined),
  call: { method: 'get', path: '/mail/outbox' },
  row: 'Your activation code',
  empty: { title: 'No mail yet' },
  phone: ['Your activation code', 'ann@acme.test'],
});

describe('the outbox', () => {
  it('lists the mail newest first with its address, subject, status and dates', async () => {
    const sent = recordRequests();
    renderAt('/outbox');
    expect(await screen.findByText('Your activation code')).toBeInTheDocument();
    const kept = within(row('Your activation code'));
    expect(kept.getByText('ann@acme.test')).toBeInTheDocument();
    expect(kept.getByText('Kept (no SMTP server)')).toBeInTheDocument();
    expect(kept.getByText('Not sent')).toBeInTheDocument();
    expect(within(row('Your one-time code')).getByText('Sent')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').map((one) => one.textContent ?? '');
    expect(rows.findIndex((text) => text.includes('Your activation code'))).toBeLessThan(
      rows.findIndex((text) => text.includes('Your one-time code')),
    );
    expect(sent.map((one) => one.path)).toContain(
      '/mail/outbox?page=0&pageSize=25&sort=createdDate&order=DESC',
    );
  });

  it('filters by status', async () => {
    const sent = recordRequests();
    const { user } = renderAt('/outbox');
    await screen.findByText('Your one-time code');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Kept (no SMTP server)' }));
    await waitFor(() => expect(screen.queryByText('Your one-time code')).toBeNull());
    expect(screen.getByText('Your activation code')).toBeInTheDocument();
    expect(sent.map((one) => one.path)).toContain(
      '/mail/outbox?page=0&pageSize=25&sort=createdDate&order=DESC&status=OUTBOX',
    );
  });

  it('opens a message as it reads, in a frame that runs no script', async () => {
    const { user } = renderAt('/outbox');
    await user.click(await screen.findByText('Your activation code'));
    const frame = await screen.findByTitle('The message Your activation code');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(KEPT.html);
    expect(frame.getAttribute('srcdoc')).toContain(`src="${QR}"`);
    expect(screen.getByText('ann@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Kept (no SMTP server)')).toBeInTheDocument();
  });
});
