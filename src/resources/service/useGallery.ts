import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { T, type Template } from './model';

/**
 * The published templates (`GET /service-mgmt/template`, any signed-in account). Failing to load them says
 * 'Error: Get Service Template Failed' (docs/requirements/error-messages.md).
 */
export const useGallery = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['service-template', 'gallery'],
    queryFn: async () => (await dataProvider.gallery<Template[]>('service-template')).data,
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) notify(`${T}.gallery.failed`, { type: 'warning' });
  }, [failed, notify]);
  return query;
};
