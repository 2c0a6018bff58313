import { useEffect, useState } from 'react';
import { Loading, useDataProvider, useNotify } from 'react-admin';
import type { SamlDefaults } from '../../../contract/saml';
import { errorNotification } from '../../kit/notifyError';
import { CreatePage } from '../../kit/pages';
import { SamlForm } from './SamlForm';
import { toSamlBody } from './samlFields';

/**
 * POST /idm-config/connectors/saml/{customerId}. The form starts from the provider's SAML setting, or this
 * gateway's address and signing certificate when the provider has set none.
 */
export const SamlCreate = () => {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [defaults, setDefaults] = useState<Partial<SamlDefaults> | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider
      .defaults('saml', {})
      .then(({ data }: { data: SamlDefaults }) => current && setDefaults(data))
      .catch((error: unknown) => {
        if (!current) return;
        notify(...errorNotification(error));
        setDefaults({ protocol: 'saml' });
      });
    return () => {
      current = false;
    };
  }, [dataProvider, notify]);
  return (
    <CreatePage transform={toSamlBody}>
      {defaults ? <SamlForm defaultValues={defaults} /> : <Loading />}
    </CreatePage>
  );
};
