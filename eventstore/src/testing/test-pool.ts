import pg from 'pg';

/**
 * A small pg pool for a test to look into its database. `pool.end()` resolves before the
 * sockets of its clients close, so the test database's drop (`with (force)`) can still reach
 * one and terminate it: that error is expected then, and must not surface as an uncaught one.
 */
export const testPool = (connectionString: string, max = 2): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
};
