// `npm run db:copy -- --to postgresql://…`: the embedded database (DATA_DIR) into an empty PostgreSQL
// (README, "Backup, restore and moving to PostgreSQL").
import {
  BackupError,
  connectEmbedded,
  copyDatabase,
  countLines,
  postgresUrlConnection,
  runTool,
  toolEnvironment,
} from '../server/db/backup.ts';

runTool(async () => {
  const at = process.argv.indexOf('--to');
  const url = at >= 0 ? process.argv[at + 1] : process.argv.find((arg) => arg.startsWith('--to='))?.slice(5);
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupError('Usage: npm run db:copy -- --to postgresql://user:password@host:5432/database');
  }
  const { dataDir } = toolEnvironment();
  const source = await connectEmbedded(dataDir, false);
  try {
    const where = `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`;
    const target = postgresUrlConnection(url, where);
    try {
      console.log(`Copying ${source.description} into ${where}…`);
      const counts = await copyDatabase(source, target);
      console.log(countLines(counts.target, counts.source).join('\n'));
      const differ = Object.keys(counts.source).filter((name) => counts.source[name] !== counts.target[name]);
      if (differ.length) throw new BackupError(`The counts differ for ${differ.join(', ')}.`);
      console.log(
        'Every table has the same number of rows. Start the server with DATABASE_URL set to the new database',
      );
      console.log(
        "and SECRETS_KEY set to the content of the data folder's secrets-key, which sealed the stored secrets.",
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
});
