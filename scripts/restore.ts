// `npm run restore -- FILE`: a backup into an empty data folder (DATA_DIR) or an empty database (DATABASE_URL)
// (README, "Backup, restore and moving to PostgreSQL").
import {
  BackupError,
  connect,
  countLines,
  restoreDatabase,
  runTool,
  toolEnvironment,
} from '../server/db/backup.ts';

runTool(async () => {
  const file = process.argv[2];
  if (!file) throw new BackupError('Usage: npm run restore -- FILE');
  const target = await connect({ ...toolEnvironment(), create: true });
  try {
    console.log(`Restoring ${file} into ${target.description}…`);
    const { header, counts } = await restoreDatabase(target, file);
    const expected = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    console.log(countLines(counts, expected).join('\n'));
    console.log(`Restored the backup of ${header.createdAt}.`);
  } finally {
    await target.close();
  }
});
