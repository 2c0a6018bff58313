import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser, signIn } from '../harness';
import { answerPost, field, findTitle, main, renderPublicPage } from './renderPublic';

const CONTACT = '/contact-us';

describe('the contact page', () => {
  it('asks for the name, email, subject and message, not the company and phone', async () => {
    const contact = answerPost(CONTACT, { status: 202, json: { success: true } });
    const { user } = renderPublicPage('/contact-us');
    await findTitle('Contact us');
    await user.click(main().getByRole('button', { name: 'Send' }));
    for (const text of [
      'Name is required.',
      'Email is required.',
      'Subject is required.',
      'Message is required.',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Company is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Phone is required.')).not.toBeInTheDocument();
    expect(contact.bodies).toEqual([]);
  });

  it('sends the message, then thanks the visitor', async () => {
    const contact = answerPost(CONTACT, { status: 202, json: { success: true } });
    const { user } = renderPublicPage('/contact-us');
    await findTitle('Contact us');
    await user.type(field('Name'), 'Ann Lee');
    await user.type(field('Email'), 'ann@acme.test');
    await user.type(field('Subject'), 'Plans');
    await user.type(field('Message'), 'Which plan has themes?');
    await user.click(main().getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Your message has been sent. We will answer you by email.'),
    ).toBeInTheDocument();
    expect(contact.bodies).toEqual([
      { name: 'Ann Lee', email: 'ann@acme.test', subject: 'Plans', message: 'Which plan has themes?' },
    ]);
  });

  it("starts from a signed-in visitor's name and email", async () => {
    signIn({ user: sessionUser({ email: 'ann@acme.test' }) });
    renderPublicPage('/contact-us');
    await findTitle('Contact us');
    expect(field('Name')).toHaveValue('Ann Lee');
    expect(field('Email')).toHaveValue('ann@acme.test');
  });

  it('says how long to wait after too many messages', async () => {
    answerPost(CONTACT, {
      status: 429,
      messageKey: 'error.signup.tooMany',
      message: 'x',
      params: { smart_count: 5 },
    });
    const { user } = renderPublicPage('/contact-us');
    await findTitle('Contact us');
    await user.type(field('Name'), 'Ann Lee');
    await user.type(field('Email'), 'ann@acme.test');
    await user.type(field('Subject'), 'Plans');
    await user.type(field('Message'), 'Hello');
    await user.click(main().getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Too many requests of this kind from your network or for this email. Try again in 5 seconds.',
      ),
    ).toBeInTheDocument();
    expect(field('Message')).toHaveValue('Hello');
  });
});
