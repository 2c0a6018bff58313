import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';

/**
 * The customer's billing support features (`GET billing/{customerId}/check/support_features`), for
 * example `{theme: true}`. A failure shows 'Error: Get Support Service Features Failed' and counts as none.
 */
export const useSupportFeatures = (customerId: string | null | undefined): Record<string, boolean> => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const { data, isError } = useQuery({
    queryKey: ['supportFeatures', customerId],
    queryFn: async () => {
      const answer = (await dataProvider.supportFeatures('subscription', {})) as {
        data: Record<string, boolean>;
      };
      return answer.data ?? {};
    },
    enabled: !!customerId,
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (isError) notify('error.supportFeatures.failed', { type: 'warning' });
  }, [isError, notify]);
  return data ?? {};
};
