import "client-only";

/**
 * Saves text as a file through a temporary object URL. The CSV text already starts with a
 * byte-order mark; the Blob writes it as UTF-8, which is what the type says.
 */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob([csv], { type: "text/csv;charset=utf-8" }));
}

/** Saves a Blob (e.g. a CSV the server streamed) as a file. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it once the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
