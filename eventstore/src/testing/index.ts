export { dockerAvailable, freePort, isCi } from './environment';
export {
  embeddedTestDatabase,
  serverTestDatabase,
  testDatabase,
  testDatabaseKind,
  type TestDatabase,
  type TestDatabaseKind,
} from './test-database';
export { testNats, type TestNats } from './test-nats';
export { withStore, type StoreUnderTest } from './with-store';
export { isAtOrAfter } from './is-at-or-after';
export { testPool } from './test-pool';
