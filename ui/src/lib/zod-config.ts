import { z } from 'zod';

// The server's CSP allows no eval (server/src/web.ts). Without this, zod probes `new Function`
// when its first object schema is built, and the browser logs a CSP violation for the probe.
z.config({ jitless: true });
