import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress, Menu, MenuItem } from '@mui/material';
import { Children, Fragment, isValidElement, type ReactNode, useId, useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { type ExportFormat, isExported, type ResourceWire as ResourceEntry } from '../../contract/kit';
import { saveFile } from '../components/saveFile';
import { type PortalDataProvider, RESOURCES } from '../dataProviders';
import { errorNotification } from './notifyError';

/** Whether a resource's list has an export (contract/kit.ts isExported). */
export const hasExport = (resource: string | undefined): boolean =>
  resource !== undefined && isExported((RESOURCES as Record<string, ResourceEntry>)[resource]?.list);

/**
 * The record fields of a table's columns (`DataTable.Col source="…"`, fragments included): what the list
 * shows, so that the file holds the same columns (a nested source, `role.name`, names its field, `role`).
 */
export function columnFields(children: ReactNode): string[] {
  const fields: string[] = [];
  const visit = (nodes: ReactNode) => {
    Children.forEach(nodes, (node) => {
      if (!isValidElement<{ source?: unknown; children?: ReactNode }>(node)) return;
      const { source } = node.props;
      if (typeof source === 'string' && source !== '') fields.push(source.split('.')[0]!);
      else if (node.type === Fragment) visit(node.props.children);
    });
  };
  visit(children);
  return [...new Set(fields)];
}

const FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'portal.list.exportCsv' },
  { format: 'json', label: 'portal.list.exportJson' },
];

/**
 * _Export_ on a list: every row its filters match, in its sort, as CSV or JSON, written by the server
 * (server/kit/exports.ts) rather than the page the browser holds (react-admin's ExportButton fetches rows
 * into the browser first); `fields`, the list's columns. Disabled on an empty list; shows its progress.
 */
export function ExportButton({ fields }: { fields?: readonly string[] }) {
  const { filter: permanent, filterValues, sort, total, resource } = useListContext();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  if (!hasExport(resource)) return null;
  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { data } = await dataProvider.exportList(resource, {
        format,
        // The list's own filter (a token pack's codes, a customer's accounts) with the ones set.
        filter: { ...permanent, ...filterValues },
        sort,
        fields,
      });
      saveFile(data.blob, data.fileName);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label={busy ? 'portal.list.exporting' : 'portal.list.export'}
        disabled={busy || total === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        title={translate('portal.list.exportChoose')}
      >
        {busy ? <CircularProgress size={18} aria-hidden /> : <DownloadIcon />}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {translate(label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
