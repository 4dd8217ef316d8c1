import base from './playwright.config';

// Local only (not committed): the shared machine's load (~35 on 2 cores) needs longer waits.
export default { ...base, workers: 1, timeout: 300_000, expect: { timeout: 60_000 } };
