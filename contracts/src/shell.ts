/**
 * What the UI's first chunk (the shell: index.html's script, routing, session, API client) may
 * take from the contracts: constants and paths, which import nothing. Everything else in the
 * contracts builds zod schemas when loaded, and that belongs in the screens' chunks, not in the
 * work a phone does before its first paint (the UI build fails if zod reaches the entry chunk).
 */
export * from './constants';
export * from './paths';
export * from './permissions';
export * from './thrown';
