import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { getProductName } from '../config';

/** Sets the document title; it always ends with the product name (docs/requirements/who-uses-it.md). */
export const usePageTitle = (titleKey: string, options?: Record<string, unknown>) => {
  const translate = useTranslate();
  const title = translate(titleKey, options);
  useEffect(() => {
    document.title = translate('portal.pageTitle', { title, productName: getProductName() });
  }, [title, translate]);
};
