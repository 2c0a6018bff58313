import TuneIcon from '@mui/icons-material/Tune';
import { Button, CanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { type Asset, permissionPath } from './model';

/** Opens the asset's roles × actions matrix. */
export const PermissionsButton = () => {
  const record = useRecordContext<Asset>();
  if (!record) return null;
  return (
    <CanAccess resource="asset" action="show">
      <Button
        component={Link}
        to={permissionPath(record.id)}
        label="resources.asset.permission.button"
        onClick={(event) => event.stopPropagation()}
      >
        <TuneIcon />
      </Button>
    </CanAccess>
  );
};
