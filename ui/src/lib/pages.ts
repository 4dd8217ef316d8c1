/** Records per list page: a screenful on any phone, small enough for a slow network. */
export const PAGE_SIZE = 100;

/** The GET of one list page: one string for the startup preload and the screen (api-client). */
export const pagePath = (path: string, q = '', after: string | null = null, filter: Readonly<Record<string, string>> = {}) =>
  `${path}?${new URLSearchParams({ ...filter, limit: String(PAGE_SIZE), ...(q ? { q } : {}), ...(after ? { after } : {}) })}`;
