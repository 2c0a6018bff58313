import { useLayoutEffect } from 'react';
import { useResourceDefinitions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { getProductName } from '../config';

type Screen = 'list' | 'create' | 'edit' | 'show';

/** Which screen of which resource a path draws (`/customer`, `/customer/create`, `/customer/1`, `/customer/1/show`). */
export const resourceScreenOf = (
  pathname: string,
  resources: Record<string, { hasEdit?: boolean }>,
): { resource: string; screen: Screen } | null => {
  const [name, id, more, ...rest] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (name === undefined || !(name in resources) || rest.length > 0) return null;
  if (id === undefined) return { resource: name, screen: 'list' };
  if (more === undefined) {
    if (id === 'create') return { resource: name, screen: 'create' };
    return { resource: name, screen: resources[name]?.hasEdit ? 'edit' : 'show' };
  }
  return more === 'show' ? { resource: name, screen: 'show' } : null;
};

/**
 * Keeps the browser tab's title on the page shown: on a resource's screens, the screen's name ('Customers',
 * 'Create Customer', 'Edit Customer'), then the product name. Other pages name themselves with
 * usePageTitle; its effect runs after this layout effect, so a page drawn at a resource's path (the
 * not-found page) keeps its own title.
 */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  const resources = useResourceDefinitions();
  const translate = useTranslate();
  const found = resourceScreenOf(pathname, resources);
  const title = found
    ? found.screen === 'list'
      ? translate(`resources.${found.resource}.name`, { smart_count: 2 })
      : translate(`portal.pageTitles.${found.screen}`, {
          name: translate(`resources.${found.resource}.name`, { smart_count: 1 }),
        })
    : null;
  useLayoutEffect(() => {
    if (title !== null) {
      document.title = translate('portal.pageTitle', { title, productName: getProductName() });
    }
  }, [title, translate]);
  return null;
};
