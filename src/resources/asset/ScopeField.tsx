import { useRecordContext, useTranslate } from 'react-admin';
import type { Asset } from './model';

/** Provider, Customer, or Provider and customer. */
export const ScopeField = (_: { label?: string }) => {
  const record = useRecordContext<Asset>();
  const translate = useTranslate();
  if (!record) return null;
  // An element, not bare text: beside the name in a phone's row, it is a part of its own (theme.ts).
  return <span>{translate(`resources.asset.scopes.${record.scope}`, { _: record.scope })}</span>;
};
