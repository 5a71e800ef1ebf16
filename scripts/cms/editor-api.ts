/**
 * What the editor's page and its backend on the development server agree on
 * (EDIT-6): where the backend answers, the header that carries this run's
 * key, and the query parameter of the address `npm run cms` prints. Shared by
 * the page (in the browser) and the server, so no Node module is imported here.
 */

/** Decap's proxy backend posts every read and write here, on the development server's own origin. */
export const EDITOR_API_PATH = "/admin/api";

/** The header the editor's page sends its key in on every call to the backend. */
export const EDITOR_KEY_HEADER = "x-veilvault-editor-key";

/** The address `npm run cms` prints carries the key as `/admin/?key=…`; the page keeps it and drops it from the address bar. */
export const EDITOR_KEY_PARAM = "key";

/** The folders the editor reads and writes, relative to the project: every collection lives under the first, media in the second. */
export const EDITED_FOLDERS = { content: "content", media: "public/uploads" } as const;
