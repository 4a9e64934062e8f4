/** A value with the catalogue version it was read at (`catalogue_version`; listing-memo.ts says when it is read again). */
export type Versioned<T> = { version: string; value: T };
