/** One part of a multipart/form-data body, for tests. */
export interface FormPart {
  name: string;
  /** Absent for a text field. */
  fileName?: string;
  content: string | Uint8Array;
  contentType?: string;
  /**
   * The Content-Disposition header's parameters exactly as written (a `filename*`, say),
   * instead of `name` and `fileName`.
   */
  disposition?: string;
}

/** A multipart/form-data body as a client sends it, and its Content-Type. */
export function multipartBody(
  parts: readonly FormPart[],
  boundary = 'aerie-test-boundary',
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.disposition ??
      `name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type =
      part.contentType ?? (part.fileName === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
          `${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
