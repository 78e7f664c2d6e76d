/** The one folder inside a backup archive: backup.json, db/ (database.json and a file per table) and files/. */
export const ARCHIVE_ROOT = 'verdant-backup';
