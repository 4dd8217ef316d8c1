import { writeBackup } from './backup';
import { keyForWriting } from './backup-key';
import { scheduleBackups } from './backup-schedule';
import { config } from './config';
import { connectionLimits, httpServer } from './http-server';
import { logger } from './log';
import { announceSetupCode, commandApp, openInfrastructure, queryApp, startedFields, startIntegration, startProjections, warmUp, watchPipeline } from './system';
import { dispatch, staticApp } from './web';

/** `npm start`: the whole product in one process, on embedded PostgreSQL by default. */
const main = async () => {
  const infra = await openInfrastructure(config, { oneProcess: true });
  // Stored before the port opens (a setup posted the moment health answers must find it), made
  // while the projections and integration start.
  const announced = announceSetupCode(infra, config).catch((error: unknown) => logger.error({ err: error }, 'could not make a setup code'));
  const runner = await startProjections(infra);
  const integration = await startIntegration(infra, config);
  watchPipeline(infra);
  const handler = dispatch(queryApp(infra, config).callback(), commandApp(infra, config).callback(), staticApp(config.uiDir));
  const server = httpServer(handler, connectionLimits(config, true));
  const metrics = infra.metrics.listen(config.metricsPort, config.metricsHost);
  const backups = scheduleBackups({
    dir: config.backupDir,
    keep: config.backupKeep,
    everyHours: config.backupEveryHours,
    backup: async (file) => writeBackup(infra, file, await keyForWriting({ envKey: config.backupKey, defaultFile: config.backupKeyFile })),
    log: logger,
  });
  await announced;
  server.listen(config.port, config.host, () => {
    const fields = { role: 'embedded', host: config.host, port: config.port, ...startedFields(infra) };
    logger.info(fields, `Udyam ERP is ready on http://localhost:${config.port}`);
    warmUp();
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ role: 'embedded' }, 'stopping');
    backups.stop();
    server.close();
    server.closeAllConnections();
    metrics?.close();
    await integration.stop();
    await runner.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Started by `npm start` and the launcher was killed -9: shut down too (and stop PostgreSQL),
  // so a restart does not find the port still taken by an orphan.
  const parent = process.ppid;
  if (parent !== 1) {
    setInterval(() => {
      if (process.ppid !== parent) {
        logger.warn('the process that started us is gone; shutting down');
        void stop();
      }
    }, 2000).unref();
  }
};

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'start failed');
  process.exit(1);
});
