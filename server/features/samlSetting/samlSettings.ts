import { eq } from 'drizzle-orm';
import type { SamlSettingRecord } from '../../../contract/samlSetting.ts';
import { samlSettings } from '../../db/schema.ts';
import { changesBetween } from '../../domain/audit.ts';
import type { Scope, WriteScope } from '../../kit/call.ts';

/** The provider's SAML setting (contract/samlSetting.ts): one row, read and saved whole. */

const SINGLE_ROW = 1;

const EMPTY: SamlSettingRecord = {
  url: '',
  protocol: '',
  signOutPath: '',
  signInPath: '',
  metaPath: '',
  cert: '',
};

const toRecord = (row: SamlSettingRecord): SamlSettingRecord => ({
  url: row.url,
  protocol: row.protocol,
  signOutPath: row.signOutPath,
  signInPath: row.signInPath,
  metaPath: row.metaPath,
  cert: row.cert,
});

/** The setting as saved, or every field empty before the first save. */
export async function readSamlSetting({ tx }: Scope): Promise<SamlSettingRecord> {
  const [row] = await tx.select().from(samlSettings).where(eq(samlSettings.id, SINGLE_ROW));
  return row ? toRecord(row) : EMPTY;
}

/** Saves the setting whole; a change is audited ('SamlSetting'), a save that changes nothing is not. */
export async function saveSamlSetting(
  scope: WriteScope,
  values: SamlSettingRecord,
): Promise<SamlSettingRecord> {
  const { tx } = scope;
  // The row exists from the first save on; creating it first lets the read below lock it.
  await tx.insert(samlSettings).values({ id: SINGLE_ROW }).onConflictDoNothing();
  const [before] = await tx.select().from(samlSettings).where(eq(samlSettings.id, SINGLE_ROW)).for('update');
  const changes = changesBetween(toRecord(before!), values);
  if (Object.keys(changes).length === 0) return toRecord(before!);
  const [after] = await tx
    .update(samlSettings)
    .set({ ...values, modifiedDate: new Date() })
    .where(eq(samlSettings.id, SINGLE_ROW))
    .returning();
  await scope.audit({
    table: 'SamlSetting',
    action: 'UPDATE',
    entityId: String(SINGLE_ROW),
    customerId: null,
    changes,
  });
  return toRecord(after!);
}
