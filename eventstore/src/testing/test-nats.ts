import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { dockerAvailable, freePort, isCi } from './environment';

export interface TestNats {
  readonly url: string;
  stop(): Promise<void>;
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const findNatsServer = (): string | undefined => {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...dirs.map((dir) => path.join(dir, 'nats-server')), '/usr/sbin/nats-server'].find(
    executable,
  );
};

/** A nats-server with JetStream on a free local port, its store in a temporary directory. */
const spawnNatsServer = async (binary: string, fixedPort?: number, keptStoreDir?: string): Promise<TestNats> => {
  const port = fixedPort ?? (await freePort());
  const storeDir = keptStoreDir ?? (await mkdtemp(path.join(os.tmpdir(), 'erp-nats-')));
  const child = spawn(binary, ['-js', '-p', String(port), '-a', '127.0.0.1', '-sd', storeDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`nats-server did not start in 10 s:\n${output.join('')}`)),
        10_000,
      );
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited with ${code}:\n${output.join('')}`));
      });
    });
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (!keptStoreDir) await rm(storeDir, { recursive: true, force: true });
    throw error;
  }
  // Keep draining its output so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      if (!keptStoreDir) await rm(storeDir, { recursive: true, force: true });
    },
  };
};

const containerNats = async (fixedPort?: number): Promise<TestNats> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('nats:2.10')
    .withCommand(['-js'])
    .withExposedPorts(fixedPort ? { container: 4222, host: fixedPort } : 4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    stop: async () => void (await container.stop()),
  };
};

/**
 * A NATS server with JetStream: NATS_URL if set; else a nats-server process of our own; else a
 * container when Docker exists. Without any of them it throws: the suite needs one.
 * With `port`, a server of our own on that port (NATS_URL is not used). With `storeDir` too, its
 * JetStream store lives there and outlives stop(): a server started again on it has its streams.
 */
export const testNats = async (options: { port?: number; storeDir?: string } = {}): Promise<TestNats> => {
  const url = process.env.NATS_URL;
  if (url && options.port === undefined) return { url, stop: async () => undefined };
  const binary = findNatsServer();
  if (binary) return spawnNatsServer(binary, options.port, options.storeDir);
  if (dockerAvailable()) return containerNats(options.port);
  throw new Error(
    isCi()
      ? 'NATS_URL is not set, nats-server is not installed and there is no Docker: CI needs a NATS server'
      : 'NATS_URL is not set, nats-server is not installed and there is no Docker: install nats-server (apt-get install nats-server) or set NATS_URL',
  );
};
