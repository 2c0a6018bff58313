import BuildIcon from '@mui/icons-material/Build';
import { Button } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DateColumn } from '../../kit/dates';
import { ResourceList, searchFilters } from '../../kit/ResourceList';
import {
  NameWithIconField,
  PackIcon,
  SubscriptionLinkField,
  UsableServicesField,
  WizardStatusField,
} from './PackFields';
import { TokenPackEmpty } from './TokenPackEmpty';
import { T, type TokenPack, WIZARD_STATUS_CHOICES } from './tokenPackFields';

const filters = searchFilters({ wizardStatus: WIZARD_STATUS_CHOICES });

const Column = DataTable.Col<TokenPack>;

/** The second line of a pack on a phone: its wizard status and its number of usable services. */
const useSecondary = () => {
  const translate = useTranslate();
  return (record: TokenPack) =>
    `${translate(`portal.status.${record.wizardStatus}`)} · ${translate(`${T}.usableCount`, {
      smart_count: record.serviceIds.length,
    })}`;
};

/**
 * /token-pack-v2: the customer's token packs with their icon, subscription, setup wizard status, number of
 * usable services and creation date; search by name, filter by wizard status, sort, pages with totals, a
 * simple list on a phone. A click opens the pack (its tabs Info and Trusted Networks).
 */
/** Where the setup of the packs stands, with their services' setup wizards (/configuration). */
const SetupButton = () => {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to="/configuration" startIcon={<BuildIcon />} size="small">
      {translate('portal.wizard.setup.title')}
    </Button>
  );
};

export const TokenPackList = () => {
  const secondary = useSecondary();
  return (
    <ResourceList<TokenPack>
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty={<TokenPackEmpty />}
      actions={<SetupButton />}
      phone={{
        primaryText: (record) => record.name,
        secondaryText: secondary,
        leftIcon: (record) => <PackIcon pack={record} size={40} />,
        rowClick: 'show',
      }}
      rowClick="show"
    >
      <Column source="name" field={NameWithIconField} />
      <Column source="subscriptionId" disableSort field={SubscriptionLinkField} />
      <Column source="wizardStatus" field={WizardStatusField} />
      <Column source="serviceIds" disableSort align="right" field={UsableServicesField} />
      <DateColumn source="createdDate" />
    </ResourceList>
  );
};
