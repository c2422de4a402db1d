// `npm run backup -w @voxdesk/site -- <file>` and `npm run restore -w @voxdesk/site -- <file>`:
// an online backup of the embedded SQLite database (VOXDESK_DB) while the server runs, and its
// restore (server stopped). PostgreSQL has its own tools (pg_dump); Airtable keeps its history.
import { backupSqliteDatabase, restoreSqliteDatabase, storeConfigFromEnv } from '@voxdesk/auth';

const [command, file] = process.argv.slice(2);
try {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('Usage: backup <new file> | restore <backup file> (VOXDESK_DB names the database).');
  }
  const store = storeConfigFromEnv(process.env, process.env.INIT_CWD ?? process.cwd());
  if (store.kind !== 'sqlite') {
    throw new Error(
      store.kind === 'postgres'
        ? 'DATABASE_URL is set: back PostgreSQL up with pg_dump.'
        : 'The users live in Airtable: only the local SQLite state file is here.',
    );
  }
  if (command === 'backup') {
    const { pages } = await backupSqliteDatabase(store.path, file);
    console.log(`Backed up ${store.path} to ${file} (${pages} pages).`);
  } else {
    const { pages } = await restoreSqliteDatabase(file, store.path);
    console.log(`Restored ${store.path} from ${file} (${pages} pages). Start the server.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
