import { HttpResponse, http } from 'msw';
import { Resource } from 'react-admin';
import type { OtpRecord } from '../../../contract/otp';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import otp from '../../../src/resources/otp';
import { otpPathOf } from '../../../src/resources/otp/model';
import serviceLaunch from '../../../src/resources/service';
import { PACK as CODES_PACK } from '../activationCode/fixtures';
import { pageOf, type Refusal, refuse, removeIds, sendMailOf } from '../fakeServer';
import { renderForCustomerAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';
import { SERVICE, serve as serveServices } from '../service/fixtures';

export const ALL = ['token-pack:view', 'token-pack:configure', 'token-pack:delete', 'service_instance:view'];
export const VIEW = ['token-pack:view', 'service_instance:view'];

export const OTP = `${API}/idm-config/reactive/otp`;

/** The service of the service page's tests (s1, Head office VPN, in tp1) and another one of the pack. */
export const VPN: ServiceInstanceRecord = SERVICE;
export const PORTAL: ServiceInstanceRecord = { ...SERVICE, id: 's2', instanceName: 'Partner portal' };

/** The pack of the activation codes' tests, with the two services. */
export const PACK: TokenPackRecord = {
  ...CODES_PACK,
  serviceIds: ['s1', 's2'],
  services: [
    { id: 's1', instanceName: 'Head office VPN', status: 'STARTED', enabled: true },
    { id: 's2', instanceName: 'Partner portal', status: 'STARTED', enabled: true },
  ],
};

const seed = (fields: Partial<OtpRecord> & Pick<OtpRecord, 'id' | 'username'>): OtpRecord => ({
  serviceId: 's1',
  tokenPackId: 'tp1',
  userId: `u-${fields.username}`,
  email: null,
  seedNumber: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  generatedDate: '2024-05-01T08:00:00Z',
  ...fields,
});

export const ANN = seed({
  id: 'a0000000-0000-4000-8000-000000000001',
  username: 'ann',
  email: 'ann@acme.test',
  seedNumber: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
});
export const BOB = seed({
  id: 'a0000000-0000-4000-8000-000000000002',
  username: 'bob',
  seedNumber: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
});
export const CID = seed({
  id: 'a0000000-0000-4000-8000-000000000003',
  username: 'cid',
  email: 'cid@acme.test',
  seedNumber: 'NBSWY3DPO5XXE3DENBSWY3DPO5XXE3DE',
});
/** Another service's seed: never in s1's list. */
export const EVE = seed({ id: 'a0000000-0000-4000-8000-000000000009', username: 'eve', serviceId: 's2' });

export interface Fixtures {
  codes?: OtpRecord[];
  /** What send-mail answers. */
  sendMail?: { queued: number; skipped: number } | Refusal;
}

/**
 * The server as the contract answers it: a service's token pack, the customer's services, the OTP seeds
 * (list with serviceId, username, sort and pages), generate (a seed for each user of the pack without one:
 * here, dan), re-generate, send-mail and delete, kept in a list that the writes change.
 */
export const serve = ({ codes = [ANN, BOB, CID, EVE], sendMail }: Fixtures = {}) => {
  const rows = [...codes];
  server.use(
    http.get(`${API}/idm-config/token-pack-v2/get-tokenpack-by-service-id/:serviceId`, ({ params }) =>
      PACK.services.some((service) => service.id === params.serviceId)
        ? HttpResponse.json(PACK)
        : refuse({
            status: 404,
            messageKey: 'error.tokenPack.notFound',
            message: 'Token pack not found. The user is in no token pack yet.',
          }),
    ),
    http.get(`${API}/service-mgmt/service-instance/c1/list`, () => HttpResponse.json([VPN, PORTAL])),
    http.get(OTP, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const username = query.get('username')?.toLowerCase();
      const found = rows
        .filter(
          (row) => row.serviceId === query.get('serviceId') && (!username || row.username.includes(username)),
        )
        .sort((a, b) => a.username.localeCompare(b.username) * (query.get('order') === 'DESC' ? -1 : 1));
      return HttpResponse.json(pageOf(found, query, 'pageNumber'));
    }),
    http.post(`${OTP}/:tokenPackId/v2/generate`, () => {
      rows.push(seed({ id: 'a0000000-0000-4000-8000-000000000004', username: 'dan' }));
      return HttpResponse.json({ generated: 1 });
    }),
    http.post(`${OTP}/:tokenPackId/v2/re-generate`, async ({ request }) => {
      const body = (await request.json()) as { serviceId: string; ids?: string[]; all?: boolean };
      const count = body.all
        ? rows.filter((row) => row.serviceId === body.serviceId).length
        : (body.ids?.length ?? 0);
      return HttpResponse.json({ regenerated: count });
    }),
    sendMailOf(`${OTP}/c1/send-mail`, rows, sendMail),
    http.delete(`${OTP}/:tokenPackId/c1`, async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      removeIds(rows, ids);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return rows;
};

/** The OTP page of `serviceId` (none: /otp alone), or `path`, for a customer administrator of c1. */
export const renderAt = (
  serviceId: string | null = 's1',
  {
    permissions = ALL,
    path = serviceId ? otpPathOf(serviceId) : '/otp',
    ...fixtures
  }: Fixtures & { permissions?: string[]; path?: string } = {},
) => {
  // The service page's answers first: the OTP page's own win where both answer.
  serveServices({ services: [VPN, PORTAL] });
  serve(fixtures);
  return renderForCustomerAdmin(path, permissions, [
    ...resourcesOf(otp),
    ...resourcesOf(serviceLaunch),
    <Resource key="service-instance" name="service-instance" recordRepresentation="instanceName" />,
  ]);
};
