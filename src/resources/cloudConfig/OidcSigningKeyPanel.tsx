import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CanAccess, Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { OIDC_KEYS_CHECKED_SEC, type OidcSigningKeysAnswer } from '../../../contract/oidc';
import type { PortalDataProvider } from '../../dataProviders';
import { formatDate } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';

const T = 'resources.vos-cloud-config.oidcSigningKey';
const KEY = ['oidcSigningKeys'];

/**
 * The gateway's OpenID Connect signing key (every customer realm's ID tokens are signed with it): its key
 * id and age, the previous one still published, and _Rotate key_ after a confirmation (for operators who
 * may change cloud settings). Applications that read the JWKS take the new key by themselves.
 */
export const OidcSigningKeyPanel = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      ((await dataProvider.oidcSigningKeys('vos-cloud-config', {})) as { data: OidcSigningKeysAnswer }).data,
    retry: false,
  });
  const rotate = useMutation({
    mutationFn: async () =>
      ((await dataProvider.rotateOidcSigningKey('vos-cloud-config', {})) as { data: OidcSigningKeysAnswer })
        .data,
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      notify(`${T}.rotated`, { type: 'success' });
    },
    onError: (error: unknown) => notify(...errorNotification(error)),
    onSettled: () => setConfirming(false),
  });
  if (!data) return null;
  return (
    <Card component="section" aria-labelledby="oidc-signing-key-title" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="oidc-signing-key-title" variant="h6" component="h2" gutterBottom>
          {translate(`${T}.title`)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(`${T}.explanation`)}
        </Typography>
        <Box component="dl" sx={{ m: 0, '& dd': { m: 0, mb: 1, wordBreak: 'break-all' } }}>
          <Typography component="dt" variant="subtitle2">
            {translate(`${T}.current`)}
          </Typography>
          <Typography component="dd" variant="body2">
            {translate(`${T}.keyMade`, {
              kid: data.current.kid,
              date: formatDate(data.current.createdDate, { time: true }),
            })}
          </Typography>
          <Typography component="dt" variant="subtitle2">
            {translate(`${T}.previous`)}
          </Typography>
          <Typography component="dd" variant="body2">
            {data.previous
              ? translate(`${T}.keyMade`, {
                  kid: data.previous.kid,
                  date: formatDate(data.previous.createdDate, { time: true }),
                })
              : translate(`${T}.none`)}
          </Typography>
        </Box>
        <CanAccess resource="vos-cloud-config" action="modify">
          <Button
            variant="outlined"
            startIcon={<AutorenewIcon />}
            onClick={() => setConfirming(true)}
            disabled={rotate.isPending}
          >
            {translate(`${T}.rotate`)}
          </Button>
          <Confirm
            isOpen={confirming}
            loading={rotate.isPending}
            title={`${T}.confirmTitle`}
            content={`${T}.confirm`}
            translateOptions={{ seconds: OIDC_KEYS_CHECKED_SEC }}
            onConfirm={() => rotate.mutate()}
            onClose={() => setConfirming(false)}
          />
        </CanAccess>
      </CardContent>
    </Card>
  );
};
