import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Stack } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import {
  type RaRecord,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { ActionButton, type Notice, RowIconButton } from '../../kit/ActionButton';
import { BulkJobButton, useAllMatching } from '../../kit/BulkActions';
import { DeleteButton } from '../../kit/DeleteButton';
import { ExportButton } from '../../kit/ExportButton';
import { type LeftOutAnswer, LeftOutNotice } from '../plan/PlanCoverage';
import { SendMailDialog } from '../SendMailDialog';
import { type CodeKind, type CodeScope, inScope, type SendMailAnswer, sendToRule } from './codes';

/** A code's row: its id and whose it is. */
export interface CodeRecord extends RaRecord {
  username: string;
  email: string | null;
}

/**
 * How many codes the scope has, whatever the filters: the list's own total while no filter is set, else a
 * one-row count of the scope.
 */
const useScopeTotal = (kind: CodeKind, scope: CodeScope): number | undefined => {
  const { total, filterValues } = useListContext();
  const filtered = kind.filtered(filterValues ?? {});
  const { total: scopeTotal } = useGetList(
    kind.resource,
    { filter: kind.scopeFilter(scope), pagination: { page: 1, perPage: 1 } },
    { enabled: filtered },
  );
  return filtered ? scopeTotal : total;
};

/** What a re-generation answers (how many; with all, also who the plan left out). */
type Regenerated = { data: { regenerated?: number } & LeftOutAnswer };

/** What a generation answers: how many, and who the plan left out. */
type Generated = { data: { generated: number } & LeftOutAnswer };

/** A generation that left users out says so, with Add users one click away (the plan's user count). */
const leftOutNotice = (message: string, answer: LeftOutAnswer): Notice => [
  <LeftOutNotice key="left-out" generated={message} answer={answer} />,
  { type: 'warning', multiLine: true, autoHideDuration: 15_000 },
];

const useRegenerated = (kind: CodeKind) => {
  const translate = useTranslate();
  return ({ data }: Regenerated): Notice => {
    const key = `${kind.texts}.notifications.regenerated`;
    if (data?.leftOut) return leftOutNotice(translate(key, { n: data.regenerated }), data);
    return [key, { type: 'info', messageArgs: { n: data?.regenerated } }];
  };
};

export interface CodeToolbarProps {
  kind: CodeKind;
  scope: CodeScope;
  /** Back to the page the codes belong to. */
  back: ReactNode;
  /** Beside Generate and Re-generate all, once there are codes (Download All). */
  more?: (total: number) => ReactNode;
  /** The server refused Generate (the pack has no primary directory…). */
  onGenerateError?: (error: unknown) => void;
}

/**
 * The list's toolbar (docs/requirements/billing-services-screens.md): back, then Generate while the scope has no code or Re-generate all once it
 * has some (token-pack:configure), what the kind adds, and Export (the codes the filters match, as a file).
 */
export const CodeToolbar = ({ kind, scope, back, more, onGenerateError }: CodeToolbarProps) => {
  const T = kind.texts;
  const { canAccess: canConfigure } = useCanAccess({ resource: kind.resource, action: 'configure' });
  const total = useScopeTotal(kind, scope);
  // Generate shows the kind's own picture (a QR code, a password).
  const { icon: Icon } = useResourceDefinition({ resource: kind.resource });
  const translate = useTranslate();
  const regenerated = useRegenerated(kind);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {back}
      {canConfigure && total === 0 && (
        <ActionButton<RaRecord, Generated>
          label={`${T}.actions.generate`}
          variant="contained"
          icon={Icon ? <Icon /> : <AutorenewIcon />}
          on="none"
          resource={kind.resource}
          action="generate"
          params={() => ({
            tokenPackId: scope.tokenPackId,
            ...(scope.serviceId ? { data: { serviceId: scope.serviceId } } : {}),
          })}
          success={({ data }) =>
            data.leftOut
              ? leftOutNotice(
                  translate(`${T}.notifications.generated`, { smart_count: data.generated }),
                  data,
                )
              : data.generated > 0
                ? [
                    `${T}.notifications.generated`,
                    { type: 'info', messageArgs: { smart_count: data.generated } },
                  ]
                : `${T}.notifications.noneGenerated`
          }
          onError={onGenerateError}
        />
      )}
      {canConfigure && total !== undefined && total > 0 && (
        <ActionButton<RaRecord, Regenerated>
          label={`${T}.actions.regenerateAll`}
          color="warning"
          icon={<AutorenewIcon />}
          on="none"
          resource={kind.resource}
          action="regenerate"
          params={() => ({ tokenPackId: scope.tokenPackId, data: inScope(scope, { all: true }) })}
          confirm={{ title: `${T}.regenerateAll.title`, content: `${T}.regenerateAll.content` }}
          success={regenerated}
        />
      )}
      {total !== undefined && total > 0 && more?.(total)}
      <ExportButton />
    </TopToolbar>
  );
};

/**
 * The actions on the selected rows (docs/requirements/billing-services-screens.md): Send Mail and Re-generate (token-pack:configure), what the
 * kind adds (Download Zip QR Code), Delete (token-pack:delete). Once every code the filters match is selected,
 * Send Mail, Re-generate and Delete run as jobs on the server over the filters (kit/BulkActions.tsx).
 */
export const CodeBulkActions = ({
  kind,
  scope,
  more,
}: {
  kind: CodeKind;
  scope: CodeScope;
  more?: ReactElement;
}) => {
  const T = kind.texts;
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: canConfigure } = useCanAccess({ resource: kind.resource, action: 'configure' });
  const { canAccess: canDelete } = useCanAccess({ resource: kind.resource, action: 'delete' });
  const allMatching = useAllMatching();
  const regenerated = useRegenerated(kind);
  // Every code the filters match: the same actions, run by the server as jobs.
  if (allMatching)
    return (
      <>
        {canConfigure && (
          <BulkJobButton
            action="sendMail"
            icon={<ForwardToInboxIcon />}
            texts={`${T}.bulk.sendMail`}
            ownDone
          />
        )}
        {canConfigure && (
          <BulkJobButton action="regenerate" icon={<AutorenewIcon />} texts={`${T}.bulk.regenerate`} />
        )}
        {canDelete && (
          <BulkJobButton action="delete" icon={<DeleteIcon />} texts={`${T}.bulk.delete`} destructive />
        )}
      </>
    );
  return (
    <>
      {canConfigure && (
        <ActionButton<RaRecord, { data: SendMailAnswer }>
          label={`${T}.actions.sendMail`}
          icon={<ForwardToInboxIcon />}
          on="selected"
          resource={kind.resource}
          action="sendMail"
          params={({ ids }) => ({ data: inScope(scope, { ids }) })}
          success={({ data: { queued, skipped } }) =>
            queued === 0
              ? [`${T}.notifications.noneSent`, { type: 'warning' }]
              : [
                  `${T}.notifications.${skipped > 0 ? 'sentSelectedSkipped' : 'sentSelected'}`,
                  { type: 'info', messageArgs: { smart_count: queued, skipped } },
                ]
          }
          refresh={false}
        />
      )}
      {canConfigure && (
        <ActionButton<RaRecord, Regenerated>
          label={`${T}.actions.regenerate`}
          icon={<AutorenewIcon />}
          on="selected"
          resource={kind.resource}
          action="regenerate"
          params={({ ids }) => ({ tokenPackId: scope.tokenPackId, data: inScope(scope, { ids }) })}
          confirm={{ title: `${T}.regenerateSelected.title`, content: `${T}.regenerateSelected.content` }}
          success={regenerated}
        />
      )}
      {more}
      {canDelete && (
        <DeleteButton
          on="selected"
          resource={kind.resource}
          run={({ ids }) =>
            dataProvider.deleteMany(kind.resource, {
              ids,
              ...(scope.serviceId
                ? { meta: { tokenPackId: scope.tokenPackId, serviceId: scope.serviceId } }
                : {}),
            })
          }
          confirm={{ title: `${T}.delete.title`, content: `${T}.delete.content` }}
          success={(_, { ids }) => [
            `${T}.notifications.deleted`,
            { type: 'info', messageArgs: { smart_count: ids.length, n: ids.length } },
          ]}
        />
      )}
    </>
  );
};

/** Send one code by email, through the dialog: the address starts as the user's own. */
const SendOneButton = ({ kind, scope, code }: { kind: CodeKind; scope: CodeScope; code: CodeRecord }) => {
  const T = kind.texts;
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const send = async (email: string) => {
    const { data } = await dataProvider.sendMail<SendMailAnswer>(kind.resource, {
      data: inScope(scope, { ids: [code.id], email }),
    });
    if (data.queued > 0)
      notify(`${T}.notifications.${kind.notices.sentOne}`, {
        type: 'info',
        messageArgs: { smart_count: data.queued },
      });
    else notify(`${T}.notifications.noneSent`, { type: 'warning' });
  };
  return (
    <>
      <RowIconButton
        label={`${T}.actions.sendByEmail`}
        name={translate(`${T}.actions.sendByEmailOf`, { username: code.username })}
        onClick={() => setOpen(true)}
      >
        <ForwardToInboxIcon fontSize="small" />
      </RowIconButton>
      {open && (
        <SendMailDialog
          title={`${T}.sendMailDialog.title`}
          explanation={`${T}.sendMailDialog.explanation`}
          explanationOptions={{ username: code.username }}
          emailLabel={`${T}.sendMailDialog.email`}
          sendLabel={`${T}.actions.send`}
          defaultEmail={code.email}
          validate={sendToRule(T)}
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** A row's actions (docs/requirements/billing-services-screens.md): send by email, re-generate after confirming. */
export const CodeRowActions = ({ kind, scope }: { kind: CodeKind; scope: CodeScope; label?: string }) => {
  const T = kind.texts;
  const translate = useTranslate();
  const code = useRecordContext<CodeRecord>();
  if (!code) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <SendOneButton kind={kind} scope={scope} code={code} />
      <ActionButton<CodeRecord>
        label={`${T}.actions.regenerate`}
        icon={<AutorenewIcon fontSize="small" />}
        iconLabel={translate(`${T}.actions.regenerateOf`, { username: code.username })}
        resource={kind.resource}
        action="regenerate"
        params={({ ids }) => ({ tokenPackId: scope.tokenPackId, data: inScope(scope, { ids }) })}
        confirm={{
          title: `${T}.regenerateOne.title`,
          content: `${T}.regenerateOne.content`,
          options: { username: code.username },
        }}
        success={`${T}.notifications.${kind.notices.regeneratedOne}`}
      />
    </Stack>
  );
};
