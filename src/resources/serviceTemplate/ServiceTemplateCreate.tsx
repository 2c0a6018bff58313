import { Create } from 'react-admin';
import { toTemplatePayload } from './payload';
import { ServiceTemplateForm } from './ServiceTemplateForm';

/** A new template, sent as multipart: the `json` part with its fields, the `iconFile` part with its icon. */
export const ServiceTemplateCreate = () => (
  <Create transform={toTemplatePayload} redirect="list">
    <ServiceTemplateForm />
  </Create>
);
