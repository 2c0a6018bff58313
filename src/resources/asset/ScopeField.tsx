import { useRecordContext, useTranslate } from 'react-admin';
import type { Asset } from './model';

/** Provider, Customer, or Provider and customer. */
export const ScopeField = (_: { label?: string }) => {
  const record = useRecordContext<Asset>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`resources.asset.scopes.${record.scope}`, { _: record.scope })}</>;
};
