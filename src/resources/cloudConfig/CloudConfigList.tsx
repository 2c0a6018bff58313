import { DataTable, EditButton, ShowButton, useCanAccess, useTranslate } from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { ResourceList, searchFilters } from '../../kit/ResourceList';
import { ActivateButton } from './ActivateButton';
import { type CloudConfig, statusChoices } from './model';
import { OidcSigningKeyPanel } from './OidcSigningKeyPanel';

const T = 'resources.vos-cloud-config';

const filters = searchFilters({ status: statusChoices });

const HttpAuthModeName = ({ mode }: { mode: string }) => {
  const translate = useTranslate();
  return <>{translate(`${T}.httpAuthModes.${mode}`, { _: mode })}</>;
};

const Col = DataTable.Col<CloudConfig>;

/**
 * The settings (range list: sort, range, filter, Content-Range), with Activate on the inactive ones; under
 * them, the gateway's OpenID Connect signing key.
 */
export const CloudConfigList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'vos-cloud-config', action: 'edit' });
  return (
    <>
      <ResourceList<CloudConfig>
        filters={filters}
        sort={{ field: 'cloudUrl', order: 'ASC' }}
        doubleClick={canEdit ? 'edit' : 'show'}
      >
        <Col source="cloudUrl" />
        <Col source="companyId" />
        <Col source="httpAuthMode" render={(record) => <HttpAuthModeName mode={record.httpAuthMode} />} />
        <Col source="status" field={StatusField} />
        <Col label={false} disableSort>
          <ActivateButton />
          <ShowButton />
          <EditButton />
        </Col>
      </ResourceList>
      <OidcSigningKeyPanel />
    </>
  );
};
