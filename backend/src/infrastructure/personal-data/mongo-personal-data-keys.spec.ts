import { MongoClient } from 'mongodb';
import { KeyWrapping } from './key-wrapping';
import { MongoPersonalDataKeys } from './mongo-personal-data-keys';
import { describePersonalDataKeysContract } from './personal-data-keys.contract';

// Runs against a real server only, e.g.
// MONGODB_URL='mongodb://localhost:27017/?replicaSet=rs0' npx jest mongo-personal-data-keys
const url = process.env.MONGODB_URL;

if (url) {
  const dbName = `solescore_test_keys_${Date.now().toString(36)}`;
  describePersonalDataKeysContract(
    'MongoDB',
    () => MongoPersonalDataKeys.connect(url, dbName, new KeyWrapping('test secret '.repeat(4))),
    async () => {
      const client = await MongoClient.connect(url);
      try {
        await client.db(dbName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  );
} else {
  describe.skip('MongoDB personal data keys (set MONGODB_URL to run against a server)', () => {
    it('needs MONGODB_URL', () => {});
  });
}
