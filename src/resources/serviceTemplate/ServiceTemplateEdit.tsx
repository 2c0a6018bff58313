import { Edit } from 'react-admin';
import { toTemplatePayload } from './payload';
import { ServiceTemplateForm } from './ServiceTemplateForm';

/** A template's fields, a new icon, or the removal of its icon (`removeIcon: true` in the `json` part). */
export const ServiceTemplateEdit = () => (
  <Edit transform={toTemplatePayload} mutationMode="pessimistic" redirect="list">
    <ServiceTemplateForm edit />
  </Edit>
);
