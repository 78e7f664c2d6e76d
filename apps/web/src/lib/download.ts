/** Hands a file the app fetched to the browser as a download. */
export function saveFile(data: Blob, filename: string) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A PNG data URL (a chart's picture) as a file. */
export function savePng(dataUrl: string, filename: string) {
  const bytes = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  saveFile(new Blob([Uint8Array.from(bytes, (c) => c.charCodeAt(0))], { type: 'image/png' }), filename);
}
