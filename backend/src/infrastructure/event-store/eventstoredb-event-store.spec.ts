import { describeEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// Runs against a real server only, e.g.
// EVENTSTORE_URL='esdb://localhost:2113?tls=false' npx jest eventstoredb-event-store.spec
if (process.env.EVENTSTORE_URL) {
  describeEventStoreContract('EventStoreDB', async () =>
    EventStoreDbEventStore.connect(process.env.EVENTSTORE_URL!),
  );
} else {
  describe.skip('EventStoreDB adapter (set EVENTSTORE_URL to run against a server)', () => {
    it('needs EVENTSTORE_URL', () => {});
  });
}
