import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where file bytes live. Keys are opaque (never a user's file name) so that no caller can steer a path; reads
 * stream. The local-disk adapter is the default (docs/architecture.md, Data and processes: DATA_DIR/files).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores a stream's bytes as they arrive (a large upload is never whole in memory). When the stream fails
   * (an upload refused part way), nothing stays stored under the key.
   */
  putStream(key: string, data: Readable): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** The files stored directly under a prefix, with when each was stored (for sweeps of files kept a set time). */
  list(prefix: string): Promise<{ key: string; storedAt: Date }[]>;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** A fresh opaque key under a prefix such as 'files' or 'logos'. */
export function newStorageKey(prefix: string): string {
  return `${prefix}/${randomUUID()}`;
}

/** Files under one directory; a key maps to a path inside it and cannot escape it. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async putStream(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(data, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async list(prefix) {
      const dir = resolve(prefix);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const out: { key: string; storedAt: Date }[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !KEY.test(entry.name)) continue;
        // A file removed meanwhile (another sweep) is simply not listed.
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) out.push({ key: `${prefix}/${entry.name}`, storedAt: info.mtime });
      }
      return out;
    },
  };
}
