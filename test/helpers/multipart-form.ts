// A multipart/form-data body as Apache HttpClient's MultipartEntityBuilder sends it (the original's Java client's
// BulkUploadService): the file part first, then the text fields.

export const FORM_BOUNDARY = '----ratebook-test-7MA4YWxkTrZu0gW';
export const FORM_TYPE = `multipart/form-data; boundary=${FORM_BOUNDARY}`;

export function form(file: string | Buffer | null, fields: Record<string, string>, name = 'upload.csv'): Buffer {
  const parts: Buffer[] = [];
  if (file !== null)
    parts.push(
      Buffer.from(
        `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="fileData"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file) ? file : Buffer.from(file),
      Buffer.from('\r\n'),
    );
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\nContent-Type: text/xml; charset=ISO-8859-1\r\n\r\n${v}\r\n`,
      ),
    );
  parts.push(Buffer.from(`--${FORM_BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}
