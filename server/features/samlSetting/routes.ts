import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { type SamlSettingRecord, samlSetting } from '../../../contract/samlSetting.ts';
import { callerOf } from '../../auth/guard.ts';
import type { Database } from '../../db/client.ts';
import { samlSettings } from '../../db/schema.ts';
import { changesBetween, recordAudit } from '../../domain/audit.ts';
import { routeOf } from '../../kit/contractRoutes.ts';

/** The provider's SAML setting (contract/samlSetting.ts): one row, read and saved whole. */

export { SAML_SETTING_LIMITS } from '../../../contract/samlSetting.ts';

const SINGLE_ROW = 1;

type Setting = SamlSettingRecord;

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
  app.route({
    ...routeOf(samlSetting.base, samlSetting.getOne, 'saml-settings.getOne'),
    handler: async () => {
      const [row] = await db.select().from(samlSettings).where(eq(samlSettings.id, SINGLE_ROW));
      return row ? toRecord(row) : EMPTY;
    },
  });

  app.route({
    ...routeOf(samlSetting.base, samlSetting.update, 'saml-settings.update'),
    handler: async (request) => {
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
  });
};
