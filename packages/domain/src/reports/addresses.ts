import { REPORT_MSG } from './messages';

/**
 * An emailed report's recipients (data-portal.md 5, Emailed report address): the text is split by commas,
 * semicolons or white space; each part must look like an email address of at least 5 characters, and the
 * first that does not is named in the message (data-portal.md 8).
 */
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export type AddressResult = { ok: true; addresses: string[] } | { ok: false; message: string };

export function parseAddresses(text: string): AddressResult {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: REPORT_MSG.addressRequired };
  for (const p of parts) {
    if (p.length < 5 || p.length > 254 || !EMAIL.test(p)) {
      return { ok: false, message: REPORT_MSG.addressInvalid.replace('{address}', p) };
    }
  }
  // The same address twice gets one mail.
  const seen = new Set<string>();
  const addresses = parts.filter((p) => {
    const key = p.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ok: true, addresses };
}
