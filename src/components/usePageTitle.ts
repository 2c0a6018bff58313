import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { getProductName } from '../config';

/** Sets the document title; it always ends with the product name (spec 01 §1). */
export const usePageTitle = (titleKey: string) => {
  const translate = useTranslate();
  const title = translate(titleKey);
  useEffect(() => {
    document.title = translate('portal.pageTitle', { title, productName: getProductName() });
  }, [title, translate]);
};
