import { tempFiles } from '../../../test/support/temp-files';
import { describeNameSearchContract } from './name-search.contract';
import { describeReadBatchContract } from './read-batch.contract';
import { describeReadStoreContract } from './read-store.contract';
import { describeRebuildCatchUpContract } from './rebuild-catch-up.contract';
import { SqliteReadStore } from './sqlite-read-store';

const tempFile = tempFiles('read-models.sqlite');

describeReadStoreContract('SQLite', async () => new SqliteReadStore(tempFile()));
describeRebuildCatchUpContract('SQLite', async () => new SqliteReadStore(tempFile()));
describeNameSearchContract('SQLite', async () => new SqliteReadStore(tempFile()));
describeReadBatchContract('SQLite', async () => new SqliteReadStore(tempFile()));
