/** What `npm run bench` gives each bench (bench/run.ts makes it). */
export interface BenchContext {
  /** A connection string to a fresh, empty database. */
  freshDatabase(name: string): Promise<string>;
}
