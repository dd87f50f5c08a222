/** The longest note an officer keeps on a client: a call's summary, not a file. */
export const CLIENT_NOTE_MAX = 2_000;
