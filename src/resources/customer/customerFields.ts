import type { RaRecord } from 'react-admin';
import { CUSTOMER_LIMITS, CUSTOMER_STATUSES, type CustomerRecord } from '../../../contract/customer';
import { EMAIL_MAX_LENGTH, isImageUrl } from '../../../contract/rules';

/** A customer as the server answers it (POST /customer/search, GET /customer/:id). */
export type Customer = CustomerRecord & RaRecord;

/** What the create and update_profile calls accept. */
export type CustomerProfile = Pick<Customer, 'companyName' | 'contactEmail' | 'contactPhone' | 'logo'>;

export const COMPANY_NAME_MAX = CUSTOMER_LIMITS.companyName;
export const CONTACT_PHONE_MAX = CUSTOMER_LIMITS.contactPhone;
export const EMAIL_MAX = EMAIL_MAX_LENGTH;

export const STATUS_CHOICES = CUSTOMER_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The profile fields of the form's values, trimmed; an empty logo is no logo. */
export const toProfile = (values: Partial<CustomerProfile>): CustomerProfile => ({
  companyName: text(values.companyName),
  contactEmail: text(values.contactEmail),
  contactPhone: text(values.contactPhone),
  logo: text(values.logo) || null,
});

/** A logo is an https address or an inline image (the contract's rule). */
export const isLogoUrl = isImageUrl;
