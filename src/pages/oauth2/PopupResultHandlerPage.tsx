import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';

/** The message a popup sign-in step posts to the window that opened it. */
export interface PopupResult {
  type: 'popup-result';
  action: string | null;
  params: Record<string, string>;
}

/**
 * /popup-result-handler and /popup-result-handler/{action}: the last page of a sign-in step run in a popup
 * window. It hands the result (the action and the query) to the portal window that opened it, on the same
 * origin only, and closes; opened on its own, it says that the window can be closed.
 */
export const PopupResultHandlerPage = () => {
  usePageTitle('portal.callback.popupTitle');
  const translate = useTranslate();
  const { action = null } = useParams();
  const [params] = useSearchParams();
  const [delivered, setDelivered] = useState(false);

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) return;
    const result: PopupResult = { type: 'popup-result', action, params: Object.fromEntries(params) };
    opener.postMessage(result, window.location.origin);
    setDelivered(true);
    window.close();
  }, [action, params]);

  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {translate(delivered ? 'portal.callback.popupDone' : 'portal.callback.popupAlone')}
      </Typography>
    </Box>
  );
};
