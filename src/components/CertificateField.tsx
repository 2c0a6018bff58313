import { FunctionField, type RaRecord, useTranslate } from 'react-admin';
import type { CertificateInfo } from '../../contract/saml2';
import { formatDate } from '../kit/dates';

/** What a stored certificate says (its subject and expiry, read by the server), or that there is none. */
export const CertificateField = ({
  source = 'certificateInfo',
  label,
}: {
  source?: string;
  label?: string;
}) => {
  const translate = useTranslate();
  return (
    <FunctionField
      source={source}
      label={label}
      render={(record: RaRecord) => {
        const info = record[source] as CertificateInfo | null | undefined;
        return info
          ? translate('portal.certificate.info', {
              subject: info.subject,
              validTo: formatDate(info.validTo),
            })
          : translate('portal.certificate.none');
      }}
    />
  );
};
