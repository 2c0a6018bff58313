import type { RaRecord } from 'react-admin';

/** A customer as the server answers it (POST /customer/search, GET /customer/:id). */
export interface Customer extends RaRecord {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  status: 'ACTIVE' | 'INACTIVE';
  logo: string | null;
  createdDate: string;
}

/** What the create and update_profile calls accept. */
export type CustomerProfile = Pick<Customer, 'companyName' | 'contactEmail' | 'contactPhone' | 'logo'>;

export const COMPANY_NAME_MAX = 200;
export const CONTACT_PHONE_MAX = 40;
export const EMAIL_MAX = 320;

export const STATUS_CHOICES = [
  { id: 'ACTIVE', name: 'portal.status.ACTIVE' },
  { id: 'INACTIVE', name: 'portal.status.INACTIVE' },
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The profile fields of the form's values, trimmed; an empty logo is no logo. */
export const toProfile = (values: Partial<CustomerProfile>): CustomerProfile => ({
  companyName: text(values.companyName),
  contactEmail: text(values.contactEmail),
  contactPhone: text(values.contactPhone),
  logo: text(values.logo) || null,
});

/** A logo is an https address or an inline image (the server's rule). */
export const isLogoUrl = (value: string) => value.startsWith('https://') || value.startsWith('data:image/');
