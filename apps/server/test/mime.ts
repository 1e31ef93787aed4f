/**
 * Reads what the SMTP sink received as a mail client would: headers (unfolded, encoded words
 * decoded), the multipart tree, each leaf decoded from base64 or quoted-printable. Enough MIME for
 * tests to check the plain and HTML bodies and inline attachments nodemailer really sent.
 */
export interface MimeLeaf {
  headers: Record<string, string>;
  contentType: string;
  content: Buffer;
}

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string | null;
  html: string | null;
  /** Every leaf that is neither body: inline pictures and files, with their Content-ID (no angle brackets). */
  attachments: (MimeLeaf & { cid: string | null; filename: string | null })[];
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : qp(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function qp(s: string): Buffer {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    const hex = flat[i] === '=' ? /^[0-9A-F]{2}$/i.exec(flat.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function headersOf(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

function leaves(raw: string): MimeLeaf[] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = headersOf(head);
  const contentType = (headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type']!)?.[1];
    if (!boundary) return [];
    const parts = body.split(`--${boundary}`).slice(1);
    return parts
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => leaves(p.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qp(body)
        : Buffer.from(body, 'utf8');
  return [{ headers, contentType, content }];
}

export function parseMail(data: string): ParsedMail {
  const split = data.search(/\r?\n\r?\n/);
  const headers = headersOf(data.slice(0, split));
  const all = leaves(data);
  const body = (type: string) =>
    all.find((l) => l.contentType === type && !/attachment/i.test(l.headers['content-disposition'] ?? ''));
  const text = body('text/plain');
  const html = body('text/html');
  return {
    headers,
    subject: headers.subject ?? '',
    text: text ? text.content.toString('utf8') : null,
    html: html ? html.content.toString('utf8') : null,
    attachments: all
      .filter((l) => l !== text && l !== html)
      .map((l) => ({
        ...l,
        cid: l.headers['content-id']?.replace(/^<|>$/g, '') ?? null,
        filename: /filename="?([^";]+)"?/i.exec(l.headers['content-disposition'] ?? '')?.[1] ?? null,
      })),
  };
}
