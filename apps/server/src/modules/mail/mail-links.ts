/**
 * The tokens mail carries in its links (`…/auth/reset?token=…`, `…/invite?token=…`): whoever holds
 * one signs in as its person or joins a workspace, so the outbox shows them hidden and the stored
 * copy drops them once they are no longer needed.
 */
const TOKEN_IN_LINK = /([?&]token=)[^\s&#"'<>]+/g;

/** The same pattern for PostgreSQL (an ARE: `\s` is allowed inside a bracket there too). */
export const TOKEN_IN_LINK_SQL = String.raw`([?&]token=)[^\s&#"'<>]+`;

export const HIDDEN_TOKEN = '•••• (hidden)';

/** The text with every link's token replaced, the rest of the link still readable. */
export const maskLinkTokens = (text: string): string => text.replace(TOKEN_IN_LINK, `$1${HIDDEN_TOKEN}`);
