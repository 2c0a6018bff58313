import { type ImageValue, isImageValue } from '../../components/imageRules';

/** What the form holds: the record's fields, plus the new icon and the remove-icon choice. */
export interface TemplateFormValues {
  uname?: string;
  templateName?: string;
  shortDescription?: string | null;
  description?: string | null;
  protocol?: string;
  connectorIds?: number[] | null;
  iconFile?: unknown;
  removeIcon?: boolean;
}

/** What create and update send: the `json` part's fields, and `iconFile` (a file value) for its own part. */
export interface TemplatePayload {
  uname: string;
  templateName: string;
  shortDescription: string;
  description: string;
  protocol: string;
  connectorIds: number[];
  iconFile?: ImageValue;
  removeIcon?: true;
}

/**
 * The form's values as the server's contract has them: only the template's own fields (not id, status,
 * iconUrl or dates), the new icon when one was chosen, else `removeIcon: true` when asked for.
 */
export const toTemplatePayload = (values: TemplateFormValues): TemplatePayload => {
  const payload: TemplatePayload = {
    uname: values.uname?.trim() ?? '',
    templateName: values.templateName?.trim() ?? '',
    shortDescription: values.shortDescription ?? '',
    description: values.description ?? '',
    protocol: values.protocol ?? '',
    connectorIds: values.connectorIds ?? [],
  };
  if (isImageValue(values.iconFile)) payload.iconFile = values.iconFile;
  else if (values.removeIcon) payload.removeIcon = true;
  return payload;
};
