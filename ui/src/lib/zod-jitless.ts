// What `zod` means in the UI build (vite.config.ts aliases it here): zod with its schema compiler
// off. The server's CSP allows no eval, and without this zod probes `new Function` when its first
// object schema is built, which the browser reports as a CSP violation. Here, not in main.tsx,
// so zod stays out of the entry chunk and still runs this before any schema is built.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
