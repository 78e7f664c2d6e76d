import { describe, expect, it } from 'vitest';
import { billPdf } from './email-fixtures';
import { pdfText } from './pdf-text';

describe('reading a PDF', () => {
  it("reads the text and leaves the engine's own built-ins in place", async () => {
    const { stringify, parse } = JSON;
    const { push } = Array.prototype;
    const read = await pdfText(await billPdf('ACC-1', 'INV-1'));
    expect(read.ok && read.text).toContain('INV-1');
    expect(await pdfText(Buffer.from('%PDF-1.7 not really'))).toEqual({ ok: false, reason: 'not-pdf' });
    // pdf.js's core-js would replace them with slower ones written in JavaScript (docs/performance.md).
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
    expect(Array.prototype.push).toBe(push);
    expect(String(JSON.stringify)).toContain('[native code]');
  });
});
