import { HttpResponse, http } from 'msw';
import type { OwnProfileRecord } from '../../../contract/selfService';
import { API, server } from '../msw';

/** The signed-in account's own profile (Ann Lee, a1) as GET /account/profile answers it, with these fields. */
export const profileRecord = (fields: Partial<OwnProfileRecord> = {}): OwnProfileRecord => ({
  id: 'a1',
  email: 'ann@provider.test',
  firstName: 'Ann',
  lastName: 'Lee',
  mobilePhone: '+84 90 123 45 67',
  organization: 'Acme Corp',
  address: null,
  contactNumber: null,
  otherInfo: null,
  avatar: null,
  recoveryEmail: null,
  recoveryEmailVerified: false,
  ...fields,
});

/** What PUT /account/profile received, in order. */
export interface ProfileServer {
  sent: Record<string, unknown>[];
}

/**
 * GET /account/profile answers `profile` (then what was saved); PUT /account/profile keeps the body and
 * answers the session's account with the new name and phone, as the server does.
 */
export const serveProfile = (profile: OwnProfileRecord = profileRecord()): ProfileServer => {
  const sent: Record<string, unknown>[] = [];
  let now = profile;
  server.use(
    http.get(`${API}/account/profile`, () => HttpResponse.json(now)),
    http.put(`${API}/account/profile`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      now = {
        ...now,
        ...(body as Partial<OwnProfileRecord>),
        recoveryEmailVerified: 'recoveryEmail' in body ? false : now.recoveryEmailVerified,
      };
      return HttpResponse.json({
        id: now.id,
        username: now.email,
        email: now.email,
        firstName: now.firstName,
        lastName: now.lastName,
        mobilePhone: now.mobilePhone,
        roleIds: [],
        roles: [],
        status: 'ACTIVE',
        isCustomerRoot: false,
        customerId: null,
        customerName: null,
        forceChangePassword: false,
      });
    }),
  );
  return { sent };
};
