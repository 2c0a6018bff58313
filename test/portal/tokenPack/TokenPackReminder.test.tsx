import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { keepingParts, partsReceived, type ReceivedParts } from '../fakeServer';
import { refill, save } from '../harness';
import { server } from '../msw';
import { PRO, renderAt, TP } from './fixtures';

/** The update of the pack, keeping the parts received. */
const serveUpdate = () => {
  const received: ReceivedParts = {};
  server.use(
    keepingParts(received, 'put', `${TP}/c1/${PRO.id}`, (parts) =>
      HttpResponse.json({ ...PRO, ...JSON.parse(parts.info.text) }),
    ),
  );
  return received;
};

const reminderInput = () => screen.findByRole('spinbutton', { name: 'Activation reminder (days)' });

describe("a token pack's activation reminder", () => {
  it('is sent as a number of days', async () => {
    const { user } = renderAt('/token-pack-v2/tp1');
    const received = serveUpdate();
    const input = await reminderInput();
    expect(input).toHaveAccessibleDescription(/every this many days \(1 to 90\).*Empty: no reminder\./);
    await refill(user, input, '7');
    await save(user);
    expect(JSON.parse((await partsReceived(received)).info.text)).toMatchObject({
      activationReminderDays: 7,
    });
  });

  it('refuses 0 days and a part of a day under the field, sending nothing', async () => {
    const { user } = renderAt('/token-pack-v2/tp1');
    const received = serveUpdate();
    const input = await reminderInput();
    await refill(user, input, '0');
    await save(user);
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    await refill(user, input, '2.5');
    expect(
      await within(input.closest('.MuiFormControl-root') as HTMLElement).findByText(
        'Enter a whole number of days.',
      ),
    ).toBeInTheDocument();
    expect(received.parts).toBeUndefined();
  });
});
