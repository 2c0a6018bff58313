import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { callerOf } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { samlSettings } from '../db/schema.ts';
import { changesBetween, recordAudit } from '../domain/audit.ts';
import { notAllowed } from '../http/validation.ts';
import { HttpUrlField } from './cloudConfig.ts';

/**
 * The provider's SAML setting (spec 01 §2 "SAML settings page", §3 "SAML setting"): one row, read and
 * saved whole. Before the first save every field is ''.
 */

/** The maximum input lengths; the portal's form uses the same. */
export const SAML_SETTING_LIMITS = {
  url: 2048,
  protocol: 16,
  signOutPath: 512,
  signInPath: 512,
  metaPath: 512,
  cert: 20_000,
} as const;

const SINGLE_ROW = 1;

/** A path on the SAML server: '' or starting with '/'. */
const PathField = (maxLength: number) =>
  Type.Refine(
    Type.String({ maxLength }),
    (value) => value === '' || value.startsWith('/'),
    () => "must start with '/'",
  );

const SettingFields = {
  url: HttpUrlField({ optional: true }),
  protocol: Type.String({ maxLength: SAML_SETTING_LIMITS.protocol }),
  signOutPath: PathField(SAML_SETTING_LIMITS.signOutPath),
  signInPath: PathField(SAML_SETTING_LIMITS.signInPath),
  metaPath: PathField(SAML_SETTING_LIMITS.metaPath),
  /** The trusted certificate, multiline PEM text. */
  cert: Type.String({ maxLength: SAML_SETTING_LIMITS.cert }),
};

/** All six fields; an `id` (react-admin's record id for the single setting) is accepted and ignored. */
const SettingBody = Type.Object(
  {
    ...SettingFields,
    id: Type.Optional(
      Type.Union([Type.String(), Type.Number()], {
        description: 'the single setting has no id of its own; ignored',
      }),
    ),
  },
  { additionalProperties: notAllowed('is not a known field') },
);

export const SamlSettingRecord = Type.Object({
  url: Type.String(),
  protocol: Type.String(),
  signOutPath: Type.String(),
  signInPath: Type.String(),
  metaPath: Type.String(),
  cert: Type.String(),
});

type Setting = Static<typeof SamlSettingRecord>;

const EMPTY: Setting = { url: '', protocol: '', signOutPath: '', signInPath: '', metaPath: '', cert: '' };

const toRecord = (row: Setting): Setting => ({
  url: row.url,
  protocol: row.protocol,
  signOutPath: row.signOutPath,
  signInPath: row.signInPath,
  metaPath: row.metaPath,
  cert: row.cert,
});

export const samlSettingRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const path = '/idm-config/saml-setting';

  app.get(
    path,
    {
      config: { access: { scope: 'provider', permission: 'saml-configuration:view' } },
      schema: { response: { 200: SamlSettingRecord } },
    },
    async () => {
      const [row] = await db.select().from(samlSettings).where(eq(samlSettings.id, SINGLE_ROW));
      return row ? toRecord(row) : EMPTY;
    },
  );

  app.put(
    path,
    {
      config: { access: { scope: 'provider', permission: 'saml-configuration:modify' } },
      schema: { body: SettingBody, response: { 200: SamlSettingRecord } },
    },
    async (request) => {
      const { account } = callerOf(request);
      const { id: _ignored, ...values } = request.body;
      return db.transaction(async (tx) => {
        // The row exists from the first save on; creating it first lets the read below lock it.
        await tx.insert(samlSettings).values({ id: SINGLE_ROW }).onConflictDoNothing();
        const [before] = await tx
          .select()
          .from(samlSettings)
          .where(eq(samlSettings.id, SINGLE_ROW))
          .for('update');
        const changes = changesBetween(toRecord(before!), values);
        if (Object.keys(changes).length === 0) return toRecord(before!);
        const [after] = await tx
          .update(samlSettings)
          .set({ ...values, modifiedDate: new Date() })
          .where(eq(samlSettings.id, SINGLE_ROW))
          .returning();
        await recordAudit(tx, account, {
          table: 'SamlSetting',
          action: 'UPDATE',
          entityId: String(SINGLE_ROW),
          customerId: null,
          changes,
        });
        return toRecord(after!);
      });
    },
  );
};
