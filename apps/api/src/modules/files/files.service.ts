import path from 'node:path';
import type { FileItem, FileOwnerType, FilesList, LogoAnswer, ReplaceMode } from '@verdant/contracts/files';
import type { Db, DbOrTx } from '@verdant/db/client';
import { MSG } from '@verdant/domain/messages';
import type { Config } from '../../config';
import { audit } from '../../lib/audit';
import { createDirectLinks, fileUrl } from '../../lib/direct-links';
import type { Download } from '../../lib/download';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import {
  assertContentMatches,
  checkUpload,
  extensionOf,
  isImage,
  kindOf,
  logoContentType,
} from '../../lib/file-types';
import { createLocalStorage, newStorageKey, type Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import * as q from './files.queries';

export type { Download };

export interface Owner {
  type: FileOwnerType;
  id: number;
}
export interface Upload {
  filename: string | undefined;
  bytes: Buffer | undefined;
}

const THUMBNAIL_BOX = 320;
const thumbKey = (key: string) => `${key}-thumb`;

/** A small preview of an image, or null when the image cannot be read (sharp has no bmp decoder). */
async function thumbnail(bytes: Buffer): Promise<Buffer | null> {
  try {
    // Loaded by the first image (docs/decisions/tooling.md, Heavy libraries loaded on first use).
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { animated: false })
      .rotate()
      .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Files of organisations, sites, entities and meters, the organisation logo, and their direct links. */
export function createFilesService({
  db,
  config,
  clock,
  storage = createLocalStorage(path.join(config.dataDir, 'files')),
}: {
  db: Db;
  config: Config;
  clock: () => Date;
  storage?: Storage;
}) {
  const links = createDirectLinks({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET });

  /**
   * The owner's organisation, from the route's checked rule. A product administrator passes a rule on any
   * organisation id, so one that does not exist is refused here as for everyone.
   */
  async function ownerScope(a: Caller, owner: Owner) {
    const organisationId = a.checked.organisationId;
    if (
      owner.type === 'organisation' &&
      (await q.ownerOrganisation(db, owner.type, owner.id)) === undefined
    ) {
      throw forbidden();
    }
    if (organisationId === null) throw notFound();
    return { organisationId, mayEdit: a.checked.mayEdit };
  }

  function toItem(row: q.FileRow): FileItem {
    const kind = kindOf(extensionOf(row.filename));
    const base = fileUrl(links, row.id, clock());
    return {
      id: row.id,
      filename: row.filename,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      defaultImage: row.defaultImage,
      createdAt: row.createdAt.toISOString(),
      kind,
      downloadUrl: base,
      thumbnailUrl: kind === 'image' ? `${base}/thumbnail` : null,
    };
  }

  async function removeBytes(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key);
      await storage.delete(thumbKey(key));
    }
  }

  /** Clears the owner's current default image: deleted, or kept as a plain file. Answers keys to drop. */
  async function clearDefault(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    organisationId: number,
    owner: Owner,
    replace: ReplaceMode,
    except?: number,
  ) {
    const current = await q.findDefault(tx, organisationId, owner.type, owner.id);
    if (!current || current.id === except) return [];
    if (replace === 'delete') {
      await q.deleteFile(tx, organisationId, current.id);
      return [current.storageKey];
    }
    await q.setDefaultFlag(tx, organisationId, current.id, false);
    return [];
  }

  /** A file change is written on the asset that owns the file, so it shows in that asset's history. */
  function fileAudit(
    tx: DbOrTx,
    a: Caller,
    organisationId: number,
    owner: { type: string; id: number },
    action: string,
    changes: Record<string, { before: unknown; after: unknown }>,
  ) {
    return audit(tx, a, { organisationId, action, asset: { type: owner.type, id: owner.id }, changes });
  }

  return {
    /** A short-lived direct link to one of the files (consumption record attachments link to theirs). */
    fileLink: (fileId: number) => fileUrl(links, fileId, clock()),

    async list(a: Caller, owner: Owner): Promise<FilesList> {
      const { organisationId, mayEdit } = await ownerScope(a, owner);
      const rows = await q.listFiles(db, organisationId, owner.type, owner.id);
      return { files: rows.map(toItem), mayEdit };
    },

    async upload(
      a: Caller,
      owner: Owner,
      upload: Upload,
      asDefault?: { replace: ReplaceMode },
    ): Promise<FileItem> {
      const { organisationId } = await ownerScope(a, owner);
      const file = checkUpload(upload.filename, upload.bytes, asDefault ? MSG.fileNotImage : undefined);
      const bytes = upload.bytes as Buffer;
      await assertContentMatches(file, bytes);
      const storageKey = newStorageKey('files');
      await storage.put(storageKey, bytes);
      if (isImage(file.ext)) {
        const thumb = await thumbnail(bytes);
        if (thumb) await storage.put(thumbKey(storageKey), thumb);
      }
      let dropped: string[] = [];
      try {
        const row = await db.transaction(async (tx) => {
          if (asDefault) dropped = await clearDefault(tx, organisationId, owner, asDefault.replace);
          await fileAudit(tx, a, organisationId, owner, asDefault ? 'upload default image' : 'upload file', {
            file: { before: null, after: file.filename },
          });
          return q.insertFile(tx, {
            organisationId,
            ownerType: owner.type,
            ownerId: owner.id,
            filename: file.filename,
            contentType: file.contentType,
            sizeBytes: bytes.length,
            storageKey,
            defaultImage: asDefault !== undefined,
            uploadedBy: a.user.id,
          });
        });
        await removeBytes(dropped);
        return toItem(row);
      } catch (error) {
        await removeBytes([storageKey]);
        throw error;
      }
    },

    async makeDefault(a: Caller, owner: Owner, fileId: number, replace: ReplaceMode): Promise<FileItem> {
      const { organisationId } = await ownerScope(a, owner);
      let dropped: string[] = [];
      const row = await db.transaction(async (tx) => {
        const file = await q.findFile(tx, organisationId, owner.type, owner.id, fileId);
        if (!file) throw notFound();
        if (!isImage(extensionOf(file.filename))) throw badRequest(MSG.fileNotImage);
        dropped = await clearDefault(tx, organisationId, owner, replace, file.id);
        await q.setDefaultFlag(tx, organisationId, file.id, true);
        await fileAudit(tx, a, organisationId, owner, 'set default image', {
          defaultImage: { before: file.defaultImage ? file.filename : null, after: file.filename },
        });
        return { ...file, defaultImage: true };
      });
      await removeBytes(dropped);
      return toItem(row);
    },

    async remove(a: Caller, owner: Owner, fileId: number): Promise<{ success: true; message: string }> {
      const { organisationId } = await ownerScope(a, owner);
      const file = await db.transaction(async (tx) => {
        const found = await q.findFile(tx, organisationId, owner.type, owner.id, fileId);
        if (!found) throw notFound();
        await q.deleteFile(tx, organisationId, found.id);
        await fileAudit(tx, a, organisationId, owner, 'delete file', {
          file: { before: found.filename, after: null },
        });
        return found;
      });
      await removeBytes([file.storageKey]);
      return { success: true, message: MSG.fileDeleted.replace('{name}', file.filename) };
    },

    /** Bytes behind a direct link: the token must have been issued for this very file and be current. */
    async direct(token: string, fileId: number, preview: boolean): Promise<Download> {
      const verdict = links.check(token, `file:${fileId}`, clock());
      if (verdict === 'expired') throw new AppError('FORBIDDEN', MSG.fileLinkExpired, 403);
      if (verdict !== 'ok') throw notFound();
      const file = await q.findFileById(db, fileId);
      if (!file) throw notFound();
      if (preview) {
        const thumb = await storage.get(thumbKey(file.storageKey));
        if (thumb) return { stream: thumb, contentType: 'image/webp', filename: null };
      }
      const stream = await storage.get(file.storageKey);
      if (!stream) throw notFound();
      return { stream, contentType: file.contentType, filename: preview ? null : file.filename };
    },

    async logo(a: Caller, organisationId: number): Promise<LogoAnswer> {
      const key = (await q.organisationLogo(db, organisationId))?.logo ?? null;
      const mayEdit = a.checked.mayAdminister;
      if (!key) return { logo: null, mayEdit };
      const token = links.issue(`logo:${organisationId}:${key}`, clock());
      return {
        logo: { url: `/api/direct/${token}/logo/${organisationId}`, contentType: logoContentType(key) },
        mayEdit,
      };
    },

    async uploadLogo(a: Caller, organisationId: number, upload: Upload): Promise<LogoAnswer> {
      const file = checkUpload(upload.filename, upload.bytes, MSG.logoNotImage);
      await assertContentMatches(file, upload.bytes as Buffer);
      const key = `${newStorageKey('logos')}-${file.ext}`;
      await storage.put(key, upload.bytes as Buffer);
      const old = await db.transaction(async (tx) => {
        const previous = (await q.organisationLogo(tx, organisationId))?.logo ?? null;
        await q.setOrganisationLogo(tx, organisationId, key);
        await fileAudit(tx, a, organisationId, { type: 'organisation', id: organisationId }, 'upload logo', {
          logo: { before: previous ? 'a logo' : null, after: file.filename },
        });
        return previous;
      });
      if (old) await storage.delete(old);
      return this.logo(a, organisationId);
    },

    async deleteLogo(a: Caller, organisationId: number): Promise<{ success: true }> {
      const old = await db.transaction(async (tx) => {
        const previous = (await q.organisationLogo(tx, organisationId))?.logo ?? null;
        await q.setOrganisationLogo(tx, organisationId, null);
        await fileAudit(tx, a, organisationId, { type: 'organisation', id: organisationId }, 'delete logo', {
          logo: { before: previous ? 'a logo' : null, after: null },
        });
        return previous;
      });
      if (old) await storage.delete(old);
      return { success: true };
    },

    async directLogo(token: string, organisationId: number): Promise<Download> {
      const key = (await q.organisationLogo(db, organisationId))?.logo ?? null;
      const verdict = key ? links.check(token, `logo:${organisationId}:${key}`, clock()) : 'invalid';
      if (verdict === 'expired') throw new AppError('FORBIDDEN', MSG.fileLinkExpired, 403);
      if (verdict !== 'ok' || !key) throw notFound();
      const stream = await storage.get(key);
      if (!stream) throw notFound();
      return { stream, contentType: logoContentType(key), filename: null };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
