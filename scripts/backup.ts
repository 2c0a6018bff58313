// `npm run backup -- FILE`: a consistent backup of the portal's database while the server runs
// (README, "Backup, restore and moving to PostgreSQL").
import {
  BackupError,
  backupDatabase,
  connect,
  countLines,
  runTool,
  toolEnvironment,
} from '../server/db/backup.ts';

runTool(async () => {
  const file = process.argv[2];
  if (!file) throw new BackupError('Usage: npm run backup -- FILE');
  const source = await connect({ ...toolEnvironment(), create: false });
  try {
    console.log(`Backing up ${source.description}…`);
    const { header } = await backupDatabase(source.db, file);
    console.log(
      countLines(Object.fromEntries(header.tables.map((table) => [table.name, table.rows]))).join('\n'),
    );
    console.log(`Wrote ${file} (migration ${header.migration.tag ?? header.migration.createdAt}).`);
    console.log(
      "The data folder's secrets-key (or SECRETS_KEY) is not in the backup: keep it with the backup.",
    );
  } finally {
    await source.close();
  }
});
