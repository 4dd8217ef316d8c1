import { mkdirSync, openSync, closeSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Ports are handed out below the kernel's ephemeral range (32768–60999 on Linux), where no
 * outgoing connection can take one between our check and the bind, and each one handed out is
 * claimed by a file in a shared folder, so two processes of ours never get the same one.
 */
const FIRST = 20_000;
const LAST = 32_000;
const CLAIMS = path.join(os.tmpdir(), 'erp-port-claims');
/** A claim older than this is stale (its process is long done with the port). */
const CLAIM_MS = 10 * 60_000;

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Claims `port` for this process unless another process claimed it in the last ten minutes. */
const claim = (port: number): boolean => {
  const file = path.join(CLAIMS, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < CLAIM_MS) return false;
      unlinkSync(file);
      closeSync(openSync(file, 'wx'));
      return true;
    } catch {
      return false;
    }
  }
};

/**
 * A TCP port on 127.0.0.1 that is free and that no other caller of this function (in any
 * process on this machine) gets for the next ten minutes.
 */
export const freePort = async (): Promise<number> => {
  mkdirSync(CLAIMS, { recursive: true });
  const span = LAST - FIRST;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = FIRST + ((start + i * 7919) % span);
    if (claim(port) && (await bindable(port))) return port;
  }
  throw new Error(`No free port between ${FIRST} and ${LAST}`);
};
