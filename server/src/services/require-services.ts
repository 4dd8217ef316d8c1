import type { Config } from '../config';

/** Services mode runs on real servers: refuse to start without them rather than embed. */
export const requireServices = (config: Config, role: string) => {
  if (!config.databaseUrl) {
    process.stderr.write(`${role}: DATABASE_URL is required in services mode (npm start runs the embedded mode)\n`);
    process.exit(2);
  }
};
