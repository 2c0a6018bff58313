import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactBody } from '../../../contract/selfService.ts';
import type { Database } from '../../db/client.ts';
import { accountRoles, accounts, roles } from '../../db/schema.ts';
import { PROVIDER_ADMIN_ROLE } from '../../seed.ts';
import { isEmail } from '../account/accounts.ts';
import { contactMail } from './mails.ts';
import { emailOf, type SelfServiceCall } from './signup.ts';

/**
 * The contact form (contract/selfService.ts contactUs) and the account lookups by email the sign-up form
 * makes (emailExisted, emailNotExisted).
 */

/** Whether an account has the address (an address that is none has no account). */
export async function emailHasAccount(db: Database, value: string): Promise<boolean> {
  const email = value.trim().toLowerCase();
  if (!isEmail(email)) return false;
  const [found] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return found !== undefined;
}

/** The provider's ACTIVE operators holding the provider administrator role: whom a message goes to. */
async function operatorAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: accounts.email })
    .from(accounts)
    .innerJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(
      and(
        isNull(accounts.customerId),
        eq(accounts.status, 'ACTIVE'),
        eq(roles.name, PROVIDER_ADMIN_ROLE),
        isNull(roles.customerId),
      ),
    )
    .orderBy(asc(accounts.email));
  return rows.map((row) => row.email);
}

/**
 * Mails a visitor's message to the operator: to CONTACT_EMAIL, or, when it is unset, to every ACTIVE
 * provider administrator (one message each). With nobody to write to, the message is dropped and a
 * warning says so (without its content or its sender).
 */
export async function contactOperator(
  call: SelfServiceCall,
  log: Pick<FastifyBaseLogger, 'warn'>,
  body: ContactBody,
): Promise<void> {
  const email = emailOf(body.email, 'email');
  const { config, mail } = call.services;
  await call.transaction(async (tx) => {
    const recipients = config.contactEmail ? [config.contactEmail] : await operatorAddresses(tx);
    if (recipients.length === 0) {
      log.warn('a contact message has nobody to go to: set CONTACT_EMAIL');
      return;
    }
    for (const to of recipients) {
      await mail.enqueue(
        tx,
        contactMail({
          to,
          productName: config.productName,
          name: body.name.trim(),
          email,
          company: body.company?.trim() || undefined,
          phone: body.phone?.trim() || undefined,
          subject: body.subject.trim(),
          message: body.message.trim(),
        }),
      );
    }
  });
}
