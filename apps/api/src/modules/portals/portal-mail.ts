import type { PortalReceipt } from '@verdant/contracts/portals/public';
import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';

/** The receipt mailed to whoever entered figures and gave an address. */
export function receiptMail(to: string, receipt: PortalReceipt['receipt']) {
  const lines = receipt.figures.map((f) => `  ${f.quantity}: ${f.value}${f.unit ? ` ${f.unit}` : ''}`);
  return {
    to,
    subject: fill(PORTAL_MSG.receiptSubject, { portal: receipt.portal }),
    text: [
      `${PORTAL_MSG.received}.`,
      '',
      `Portal: ${receipt.portal}`,
      `Period: ${receipt.period}`,
      `Received: ${receipt.receivedAt}`,
      `Reference: ${receipt.reference}`,
      '',
      'Figures accepted:',
      ...lines,
      ...(receipt.attachment ? ['', `Attachment: ${receipt.attachment}`] : []),
      '',
      'The figures are reviewed before they count; you will hear from us if one is sent back.',
    ].join('\n'),
  };
}

/** Told to the contact when a reviewer sends an entry back. */
export function sentBackMail(
  to: string,
  p: { portal: string; quantity: string; period: string; value: number; comment: string; link: string },
) {
  return {
    to,
    subject: fill(PORTAL_MSG.sentBackSubject, { portal: p.portal }),
    text: [
      `The figure entered for ${p.quantity} (${p.period}) was ${p.value}. It was sent back:`,
      '',
      p.comment,
      '',
      `Correct it here: ${p.link}`,
    ].join('\n'),
  };
}

/** The link of a portal's public page; the key rides in the fragment, which browsers never send to a server. */
export const portalLinkOf = (publicUrl: string, url: string, key: string) =>
  `${publicUrl.replace(/\/$/, '')}/portals/${url}#key=${encodeURIComponent(key)}`;
