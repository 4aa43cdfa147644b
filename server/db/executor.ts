import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

/** What repositories take first: the database, or the transaction the use case opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
