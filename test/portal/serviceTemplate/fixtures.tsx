import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import serviceTemplate from '../../../src/resources/serviceTemplate';
import { renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

export const VIEW = ['service_template:view'];
export const ALL = [
  'service_template:view',
  'service_template:create',
  'service_template:modify',
  'service_template:configure',
];

export const VPN = {
  id: 'st1',
  uname: 'vpn',
  templateName: 'VPN access',
  shortDescription: 'RADIUS for VPN',
  description: 'Second factor for the VPN',
  status: 'PUBLISHED',
  protocol: 'RADIUS',
  connectorIds: [1, 2],
  iconUrl: '/api/files/vpn.png',
  createdDate: '2024-03-01T08:00:00Z',
  modifiedDate: '2024-03-02T09:30:00Z',
};
export const O365 = {
  ...VPN,
  id: 'st2',
  uname: 'office-365',
  templateName: 'Office 365',
  status: 'UNPUBLISHED',
  protocol: 'SAML',
  connectorIds: [3],
  iconUrl: null,
};

/** The search endpoint answering the given rows; the bodies it received. */
export const serveList = (rows: object[] = [VPN, O365], total = 12) => {
  const searches: unknown[] = [];
  server.use(
    http.post(`${API}/service-mgmt/template/search`, async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ contents: rows, totalElements: total });
    }),
  );
  return searches;
};

export const admin = (path: string, permissions = ALL) =>
  renderAdmin({
    path,
    permissions,
    children: resourcesOf(serviceTemplate),
    // Files dropped on the zone are not filtered by the file dialog's `accept`: the form must check them.
    user: { applyAccept: false },
  });

export const file = (bytes: number, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** The form's labels as read (react-admin marks a required field's label with a thin space and '*'). */
export const labelTexts = () =>
  Array.from(document.querySelectorAll('label'), (label) => label.textContent!.replace(/\s+/g, ' ').trim());

/** The notification showing this text, as react-admin's 'info' (no success, warning or error colours). */
export const expectInfoNotification = async (text: string) => {
  const message = await screen.findByText(text);
  expect(message.closest('.MuiSnackbarContent-root')!.className).not.toMatch(
    /RaNotification-(success|warning|error)/,
  );
};
